-- the table segment's own DEALLOCATE UNUSED, not modelled
create table t (id number, c clob);
alter table t deallocate unused keep 1m;
