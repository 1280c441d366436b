-- DROP PARTITION without its name
create table t (x int, c clob) partition by list (x) (partition p1 values (1), partition p2 values (2));
alter table t drop partition;
