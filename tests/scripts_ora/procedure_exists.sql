create or replace procedure p is begin null; end;
/
create procedure p is begin null; end;
/
