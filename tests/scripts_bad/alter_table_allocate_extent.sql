create table t (id number, c clob);
alter table t allocate extent;
