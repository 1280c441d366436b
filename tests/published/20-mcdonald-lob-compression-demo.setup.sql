-- The author's dictionary for 20-mcdonald-lob-compression-demo.sql (ours): DBA_OBJECTS
-- with the 82,902 rows the author's insert reports.  The owners and object types of
-- the author's database are not published: every row here is owner 'SYS', type
-- 'TABLE', an input stated here, which makes each CLOB a repetition of one pair.
create table dba_objects (owner varchar2(128), object_name varchar2(128), object_type varchar2(23));
insert into dba_objects select 'SYS', 'X', 'TABLE' from dual connect by level <= 82902;
commit;
