-- The author's dictionary (ours): ALL_OBJECTS as the user sees it, declared as a table
-- the script copies (CREATE TABLE tdummy AS SELECT * FROM all_objects).  The row count
-- and names are not the author's: 70,000 rows of owner 'SYS', a 30-character name,
-- type 'TABLE' and status 'VALID'.
create table all_objects (owner varchar2(128), object_name varchar2(128), object_type varchar2(23), status varchar2(7));
insert into all_objects select 'SYS', rpad('X', 30, 'X'), 'TABLE', 'VALID' from dual connect by level <= 70000;
commit;
