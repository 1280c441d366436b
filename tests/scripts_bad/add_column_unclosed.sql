-- ALTER TABLE ... ADD with its column list not closed
create table t (id number, c clob);
alter table t add (d clob, e number;
