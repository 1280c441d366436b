-- seed_insert_local: experiment 1's local case as a script -- 10,000 CLOBs
-- of &size characters in t1, then one direct-path insert of them into t2.
-- Source: the reference's experiment (results/reference/oracle_lob_insert.csv;
--   its README: t1 and t2 each one SecureFile CLOB, NOCACHE, 8 KB blocks,
--   t1 of 10,000 rows of one length, a multiple of 2,048 characters;
--   `insert /*+append*/ into t2 select ... from t1`; the figures are the
--   insert's, before its commit).
-- The CLOBs are 2 bytes a character (fact 1 of the reference: a varying-width
-- character set stores UCS-2):
-- lobsim input: charset=AL32UTF8
-- lobsim input: block_size=8192
-- The size is a substitution variable: this DEFINE is its default, and
-- lobbench --define=size=N runs another (script/README.md: --define wins).
-- Step 5, the insert, gives the calibrated path's dispenser allocations,
-- chunks, undo, consistent gets, direct reads and db block gets exactly
-- (tests/script_vs_calibrated.py); its CR blocks are the difference the
-- test names.  The dblink half is scenarios/seed_insert_dblink.sql.
-- The column list `id, c` stands for the reference's `...`.
define size = 16384

create table t1 (id number primary key, c clob)
  lob (c) store as securefile (nocache);
insert /*+ append */ into t1
  select level, rpad(to_clob('x'), &size, 'x') from dual connect by level <= 10000;
commit;
create table t2 (id number primary key, c clob)
  lob (c) store as securefile (nocache);
insert /*+ append */ into t2 select id, c from t1;
commit;
