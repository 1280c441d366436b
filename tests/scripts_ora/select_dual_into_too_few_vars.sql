create table t (id number, c clob);
declare a number; b number;
begin
  select 1, 2, 3 into a, b from dual;
end;
/
