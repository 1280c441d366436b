create table t (id number, c clob) tablespace lobs;
