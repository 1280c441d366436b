-- UPDATE after a MOVE that is not UPDATE [GLOBAL] INDEXES
create table t (x int primary key, c clob);
alter table t move online update global;
