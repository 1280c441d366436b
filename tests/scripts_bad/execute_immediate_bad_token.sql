create table t (id number, c clob);
create or replace procedure p as
  n number;
begin
  execute immediate 'select blocks from user_segments where segment_name = "T'
    into n;
end;
/
exec p
