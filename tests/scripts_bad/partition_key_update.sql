-- an update of the partition key (the row would change partition)
create table t (x int, y clob) partition by list (x) (partition p1 values (1), partition p2 values (2));
update t set x = 2 where x = 1;
