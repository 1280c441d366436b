create table t (id number, c clob);
alter session set tracefile_identifier;
