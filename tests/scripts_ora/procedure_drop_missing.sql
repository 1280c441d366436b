create table t (id number, c clob);
drop procedure p;
