create table t (id number, c clob) lob (c) store as securefile (retention none);
@other.sql
