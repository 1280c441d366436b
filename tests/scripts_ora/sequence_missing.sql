create table t (id number, c clob);
insert into t values (nosuch.nextval, null);
