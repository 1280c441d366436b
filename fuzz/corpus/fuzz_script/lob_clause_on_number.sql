create table t (id number, c clob)
lob (id) store as securefile (cache);
