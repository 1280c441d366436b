create table t (id number, c clob) lob (c) store as basicfile (disable storage in row);
alter table t modify lob (c) (deallocate unused);
alter table t modify lob (c) (deallocate unused keep 64k);
alter table t modify lob (c) (deallocate unused keep);
alter table t deallocate unused;
