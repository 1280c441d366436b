alter session set db_securefile = preferred;
create table t (x int, y clob) lob (y) store as basicfile
partition by list (x) (partition p1 values (1, 2), partition p2 values (3) lob (y) store as basicfile);
insert into t select mod(level, 3) + 1, rpad('x', 9000, 'x') from dual connect by level <= 9;
insert into t values (4, 'y');
commit;
alter table t add partition p4 values (4);
insert into t values (4, rpad('z', 20000, 'z'));
alter table t drop partition p1;
select count(*) from t;
select partition_name, securefile, chunk from dba_lob_partitions where table_name = 'T';
select securefile, partitioned from user_lobs;
select segment_name from user_segments;
