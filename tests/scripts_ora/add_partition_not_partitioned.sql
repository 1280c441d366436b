create table t (x int, c clob);
alter table t add partition p1 values (1);
