create table u (id number, c clob);
create table t (x int, c clob)
partition by list (x) (partition p1 values (1),
partition p1 values (2));
