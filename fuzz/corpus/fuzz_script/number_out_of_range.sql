create table t (id number, c clob)
lob (c) store as securefile (retention min 99999999999);
