-- ADD SUPPLEMENTAL LOG without DATA or GROUP
create table t (id number, c clob);
alter table t add supplemental log;
