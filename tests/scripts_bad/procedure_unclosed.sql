-- a procedure whose END is missing
create table t (id number, c clob);
create or replace procedure p is
begin
  insert into t values (1, 'x');
/
