-- VALUES LESS THAN without its parentheses
create table t (x int, c clob)
partition by range (x) (partition p1 values less than maxvalue);
