create table t (id number, c clob)
lob (c) store as securefile (chunk 64k);
