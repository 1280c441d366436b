alter session set db_securefile = permitted;
create table t (x int, y clob) lob (y) store as basicfile (chunk 16k)
partition by list (x) (partition p1 values (1, null), partition p2 values (2) lob (y) store as securefile lp2 (cache) tablespace users, partition pd values (default));
create table r (x number primary key, b blob) partition by range (x) (partition r1 values less than (10), partition r2 values less than (maxvalue));
alter table t add partition p3 values (3);
alter table t drop partition p1 update global indexes;
alter table r add partition r3 values less than (20);
create table n (x int, y clob);
alter table n add partition q values (1);
select partition_name, lob_partition_name, securefile from user_lob_partitions order by partition_position;
