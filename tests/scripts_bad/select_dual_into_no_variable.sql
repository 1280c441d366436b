create table t (id number, c clob);
declare a number;
begin
  select 1 into from dual;
end;
/
