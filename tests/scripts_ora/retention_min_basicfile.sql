create table t (id number, c clob)
lob (c) store as basicfile (retention min 900);
