create table t (id number(39), c clob);
