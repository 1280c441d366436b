-- a LOB column of a partitioned table dropped
create table t (x int, y clob, z clob) partition by list (x) (partition p1 values (1));
alter table t drop column z;
