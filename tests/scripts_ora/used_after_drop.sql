create table t (id number, c clob) lob (c) store as securefile (retention none);
drop table t purge;
insert into t values (1, 'x');
