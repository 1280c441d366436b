create table t (id number, c clob);
insert into t values (power(2), null);
