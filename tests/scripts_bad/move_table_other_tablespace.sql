create tablespace other datafile 'o.dbf' size 10m;
create table t (id number, c clob);
alter table t move tablespace other;
