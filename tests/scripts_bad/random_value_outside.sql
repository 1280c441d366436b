create table t (id number, c clob);
insert into t values (dbms_random.value(1, 10), null);
