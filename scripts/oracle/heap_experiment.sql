-- heap_experiment.sql -- the second reference experiment (block size, a heap
-- table and its indexes) on your own database, spooled for lobimport
-- (scripts/oracle/README.md, docs/heap.md).
--
--   sqlplus user/password@db @scripts/oracle/heap_experiment.sql KB TABLESPACE
--
--   KB          the tablespace's block size in KB: 8, 16 or 32 (names TABnnK)
--   TABLESPACE  a locally managed ASSM tablespace of that block size, uniform
--               1 MB extents (a 16k or 32k one needs db_16k_cache_size or
--               db_32k_cache_size set)
--
-- Builds TABnnK as the published test did (10,000,000 rows; ora_hash here,
-- where lobsim uses a seeded hash of its own), its primary key PK_nnK, the
-- index ID_nnK on x and the bitmap index BI_nnK on n, gathers statistics, and
-- spools:
--   heap_tables_nnk.txt   user_tables and user_indexes as SQL*Plus prints them
--   heap_fts_nnk.csv      "statistic,value": this session's v$mystat deltas
--   heap_range_nnk.csv    around each query (the rows fetched to a sink, so
--   heap_few_rows_nnk.csv SQL*Plus's own output costs nothing)
-- Each query runs in the session that ran nothing else since its before
-- figures were taken, as the published test read v$mystat after autotrace.
-- Not run by lobsim's tests: no Oracle server is available there.
set echo off feedback off verify off heading on pagesize 100 linesize 200 trimspool on
set numwidth 20
define kb = &1
define tbs = &2

whenever sqlerror continue
drop table TAB&kb.K purge;
drop table lobsim_before purge;
whenever sqlerror exit failure

create table TAB&kb.K (id constraint PK_&kb.K primary key, n, x) tablespace &tbs as
    select rownum id, ora_hash(rownum, 10) n, lpad(ora_hash(rownum, 100), 20, '0') x
      from xmltable('1 to 10000000');
create index ID_&kb.K on TAB&kb.K (x) tablespace &tbs;
create bitmap index BI_&kb.K on TAB&kb.K (n) tablespace &tbs;
exec dbms_stats.gather_table_stats(user, 'TAB&kb.K', cascade => true)

spool heap_tables_&kb.k.txt
select table_name, num_rows, blocks, avg_row_len from user_tables
 where table_name = 'TAB&kb.K';
select index_name, blevel, leaf_blocks, distinct_keys, num_rows from user_indexes
 where table_name = 'TAB&kb.K' order by index_name;
spool off

-- The session's statistics before a query, and the deltas after it.
create table lobsim_before (name varchar2(64), value number);
define query = fts
define sql = "select * from TAB&kb.K"
define arraysize = 5000
@@heap_query.sql
define query = range
define sql = "select * from TAB&kb.K where id between 1 and 100000"
define arraysize = 1000
@@heap_query.sql
define query = few_rows
define sql = "select * from TAB&kb.K where x = '00000000000000000000' and rownum <= 30"
define arraysize = 15
@@heap_query.sql
drop table lobsim_before purge;
exit
