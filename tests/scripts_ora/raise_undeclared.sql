create table t (id number, c clob);
begin
  raise my_error;
end;
/
