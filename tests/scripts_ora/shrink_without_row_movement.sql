create table t (id number, c clob) lob (c) store as securefile (retention none);
alter table t shrink space cascade;
