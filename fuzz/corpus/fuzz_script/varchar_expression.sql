create table dba_objects (owner varchar2(128), object_name varchar2(128), object_type varchar2(23));
create table t1 (x int, c clob, v varchar2(5));
insert into t1 select rownum, rpad(owner, 6000, owner || ',' || object_type), object_type from dba_objects;
update t1 set v = 'TOOLONG';
delete from dba_objects where owner = 'SYS' and object_type <> 'TABLE';
