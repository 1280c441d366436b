create table t1 (id number primary key, c clob) lob (c) store as securefile (disable storage in row);
insert into t1 select level, rpad('x', 9000, 'x') from dual connect by level <= 5;
create table t2 as select * from t1 where id > 2;
insert /*+ append */ into t2 (id, c) select id, c from t1 where id <= 2;
select segment_type, sum(bytes), count(*) from user_segments group by segment_type order by 1;
select segment_name, extent_id, bytes from user_extents where segment_name like 'SYS%' order by extent_id desc;
select table_name, segment_name, chunk from dba_lobs where table_name in ('T1', 'T2') order by segment_name;
select count(*), sum(dbms_lob.getlength(c)) from t2 where id <= 4;
select file_id from dba_extents;
