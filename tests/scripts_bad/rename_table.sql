create table t (id number, c clob);
alter table t rename to u;
