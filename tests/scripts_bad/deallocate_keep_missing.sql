-- DEALLOCATE UNUSED KEEP without its size
create table t (id number, c clob);
alter table t modify lob (c) (deallocate unused keep);
