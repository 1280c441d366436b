create table t (id number, c clob)
  storage (initial 64k bigness 3);
