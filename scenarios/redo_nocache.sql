-- redo_nocache: redo of 1,000 out-of-row CLOB inserts, NOCACHE LOGGING.
-- Source: Jonathan Lewis, "LOB changes", Oracle Scratchpad, 2014
--   (jonathanlewis.wordpress.com); the test as the lifecycle reference
--   describes it (results/reference/README.md, "Fourth experiment": a
--   CLOB with DISABLE STORAGE IN ROW, CACHE in one run and NOCACHE in the
--   other, insert into t select rownum, rpad('x',4000) from all_objects
--   where rownum <= 1000, redo size and redo entries of the insert).  The
--   post's own text was not found in the stored sources, so the table's
--   and columns' names here are ours; the statements' shapes are the test's.
-- Published: redo size and redo entries of the insert on 10.2, 11.2, 12.1
--   (results/reference/oracle_lob_lifecycle.csv, test redo).  The post's
--   text says the NOCACHE run was NOLOGGING while its script says
--   NOCACHE LOGGING: this script says what the script said.
-- No SECUREFILE or BASICFILE keyword, as in the post: on 12.1
-- DB_SECUREFILE PREFERRED makes it a SecureFile (presumed, not stated);
-- 10.2 and 11.2 made BasicFiles: a run of those versions says
-- db_securefile=NEVER.
-- Setup the source does not state, inputs of the run:
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192
-- lobsim input: db_securefile=PREFERRED
-- The default tablespace: locally managed, AUTOALLOCATE, ASSM (assumed).

create table t1 (
  id  number,
  c1  clob
)
lob (c1) store as (
  disable storage in row
  nocache logging
);

select sn.name, ms.value
from   v$mystat ms, v$statname sn
where  sn.statistic# = ms.statistic#
and    sn.name in ('redo size', 'redo entries');

insert into t1
select rownum, rpad('x',4000)
from   all_objects
where  rownum <= 1000;

select sn.name, ms.value
from   v$mystat ms, v$statname sn
where  sn.statistic# = ms.statistic#
and    sn.name in ('redo size', 'redo entries');

commit;
