create table t1 (id number, c clob);
create table t3 as select id + 1 from t1;
