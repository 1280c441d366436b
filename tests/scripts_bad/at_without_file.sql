create table t (id number, c clob);
@
