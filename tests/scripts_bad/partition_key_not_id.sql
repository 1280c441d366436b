-- a partition key the model keeps no value of
create table t (x int, s varchar2(10), c clob)
partition by list (s) (partition p1 values (1));
