create table t (id number, c clob);
declare
  v varchar2(30);
begin
  select tablespace_name into v from user_segments s, user_tablespaces t
   where s.tablespace_name = t.tablespace_name;
end;
/
