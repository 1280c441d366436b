create table t (id number, c clob);
declare
  n number;
begin
  n := trunc(10 / 3 + 1);
end;
/
