-- a list value that is not a whole number (the key is the id column)
create table t (x int, c clob)
partition by list (x) (partition p1 values ('a'));
