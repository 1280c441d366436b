create table t (id number, c clob);
declare
  n number;
begin
  n := 10 / 3;
end;
/
