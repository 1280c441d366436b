create table t (id number, d timestamp(12), c clob);
