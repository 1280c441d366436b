create table t (id number, c clob);
insert into t values (round(dbms_random.value(1, 10), 2), null);
