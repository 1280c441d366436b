-- ALTER TABLE's table compression with an operation Oracle does not know
create table t (id number, c clob);
alter table t compress for foo;
