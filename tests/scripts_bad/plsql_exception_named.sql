begin
  null;
exception when no_data_found then
  null;
end;
/
