create table t (id number, c1 clob, c2 clob, c3 clob, c4 clob, c5 blob, c6 blob,
  c7 blob, c8 blob, c9 clob);
