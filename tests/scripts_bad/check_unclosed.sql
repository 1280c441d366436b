create table t (id number,
  c clob check (c is not null);
