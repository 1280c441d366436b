create table t (id number, c clob) lob (c) store as securefile (retention none);
create table t (id number, c clob) lob (c) store as securefile (retention none);
