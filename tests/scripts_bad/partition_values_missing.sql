-- a list partition without VALUES
create table t (x int, c clob)
partition by list (x) (partition p1 (1));
