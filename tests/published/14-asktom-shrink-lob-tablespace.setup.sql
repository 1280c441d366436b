-- The asker's database for 14-asktom-shrink-lob-tablespace.sql (ours): a tablespace
-- LOBSPACE of three datafiles holding the LOB columns of T1, T2 and T3.  The source
-- gives neither the column types, the row counts nor the LOB lengths: 1,000 rows of
-- 4,000-character CLOBs each, stated here as an input, not the asker's figure.
create tablespace lobspace datafile 'lobspace01.dbf' size 100m, 'lobspace02.dbf' size 100m, 'lobspace03.dbf' size 100m;
create table t1 (id number, c clob) lob (c) store as basicfile (tablespace lobspace);
create table t2 (id number, c clob) lob (c) store as basicfile (tablespace lobspace);
create table t3 (id number, c clob) lob (c) store as basicfile (tablespace lobspace);
insert into t1 select level, rpad('x', 4000, 'x') from dual connect by level <= 1000;
insert into t2 select level, rpad('x', 4000, 'x') from dual connect by level <= 1000;
insert into t3 select level, rpad('x', 4000, 'x') from dual connect by level <= 1000;
commit;
