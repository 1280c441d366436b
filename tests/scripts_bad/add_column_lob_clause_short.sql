-- an added LOB column's storage clause cut short
create table t (id number primary key, c clob);
alter table t add (d clob) lob (d) store;
