begin
  raise my_error
end;
/
