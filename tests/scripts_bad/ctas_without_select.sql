create table t1 (id number, c clob);
create table t3 as t1;
