create table t (id number default, c clob);
