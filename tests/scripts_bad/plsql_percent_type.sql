create table t (id number primary key, c clob);
declare
  v t.c%typ;
begin
  null;
end;
/
