create table t (id number constraint t_pk foo, c clob);
