-- a procedure that calls itself
create table t (id number, c clob);
create or replace procedure p(n number) is
begin
  if n > 0 then
    p(n - 1);
  end if;
end;
/
exec p(3)
