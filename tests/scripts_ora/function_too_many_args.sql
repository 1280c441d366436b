create table t (id number, c clob);
insert into t values (abs(1, 2), null);
