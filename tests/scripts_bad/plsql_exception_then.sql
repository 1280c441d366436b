begin
  null;
exception when no_data_found
  null;
end;
/
