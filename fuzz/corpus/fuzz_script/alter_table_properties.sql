create table t (x int, c clob) lob (c) store as securefile;
insert into t select rownum, rpad('x', 4000, 'x') from dual connect by level <= 10;
commit;
alter table t compress;
alter table t nocompress parallel 4 nologging pctfree 20;
alter table t modify lob (c) (compress);
