-- a stored function: procedures only
create table t (id number, c clob);
create or replace function f return number is
begin
  return 1;
end;
/
