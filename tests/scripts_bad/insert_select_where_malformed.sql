create table t1 (id number, c clob);
create table t2 (id number, c clob);
insert into t2 select * from t1 where;
