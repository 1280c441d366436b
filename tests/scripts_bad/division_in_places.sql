create table t (id number, c clob);
declare
  n number;
begin
  n := round(7, 4 / 2);
end;
/
