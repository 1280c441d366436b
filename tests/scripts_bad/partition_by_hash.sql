-- PARTITION BY HASH: the model knows list and range partitioning
create table t (x int, c clob)
partition by hash (x) partitions 4;
