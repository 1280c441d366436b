create table t1 (id number, c clob);
create table t2 (id number, c clob);
create database link loopback using 'orcl';
-- '@' names no link
insert into t2 select id, c from t1@;
