-- a parameter without a type
create or replace procedure p(n in) is
begin
  null;
end;
/
exec p(3)
