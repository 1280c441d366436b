-- a LOB column added to a partitioned table
create table t (x int, y clob) partition by list (x) (partition p1 values (1), partition p2 values (2));
alter table t add (z blob);
