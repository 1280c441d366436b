create table t (x int, c clob) partition by list (x) (partition p1 values (1, 2));
alter table t add partition p2 values (3, 2);
