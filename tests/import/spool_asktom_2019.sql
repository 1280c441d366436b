create table t1 (
  x int,
  c clob
) lob (c) store as securefile (
  enable storage in row
  nocompress
);

insert into t1
  select rownum, rpad('b',12000,'b')
  from   dual
  connect by level <= 10000;

commit;
