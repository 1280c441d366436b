create table t (id number, c clob);
begin
  null;
exception
  when no_such_thing then null;
end;
/
