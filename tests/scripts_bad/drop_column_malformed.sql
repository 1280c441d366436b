-- ALTER TABLE ... DROP without COLUMN or a column list
create table t (id number, c clob, d clob);
alter table t drop d;
