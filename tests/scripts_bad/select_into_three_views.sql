create table t (id number, c clob);
declare
  n number;
begin
  select s.blocks into n from user_segments s, user_tablespaces t, user_lobs l
   where s.tablespace_name = t.tablespace_name;
end;
/
