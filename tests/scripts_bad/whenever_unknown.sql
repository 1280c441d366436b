create table t (id number, c clob);
whenever sqlerror exit maybe
insert into t values (1, null);
