create table t (id number, c clob);
declare
  l clob;
begin
  select c into l t where id = 1;
end;
/
