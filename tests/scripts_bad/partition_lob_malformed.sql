-- a partition's LOB clause without AS
create table t (x int, c clob)
partition by list (x) (partition p1 values (1) lob (c) store securefile);
