-- basicfile_reuse: a BasicFile LOB segment grows although deleted space
-- has expired, because freed space is kept per free pool.
-- Source: Jonathan Lewis, "Basicfile LOBs 5", Oracle Scratchpad, 2016
--   (jonathanlewis.wordpress.com/2016; also oaktable.net/content/basicfile-lobs-5),
--   with the set-up of "Basicfile LOBs 1" (11gR2, ASSM, uniform 1 MB
--   extents, 8 KB blocks, undo_retention 900).
-- Published: the segment grows from 8,192 to 8,576 blocks though only
--   about 8,000 are in use (results/reference/oracle_lob_lifecycle.csv).
-- RECONSTRUCTED: the post's own script was not found in the stored
-- sources.  What the posts say is kept -- one session deletes 3,000 LOBs
-- and commits; after the retention time four sessions insert 750 LOBs
-- each -- and the rest is ours: the names, 4,000 LOBs of 12,000
-- characters (two 8 KB chunks each, about the 8,000 blocks in use), the
-- sleep of 960 s.  The four concurrent sessions are the four blocks below,
-- each given to its session by a `-- lobsim session: N` line: run it with
-- `lobbench --script=scenarios/basicfile_reuse.sql --sessions=4`
-- (without --sessions, one session runs them one after the other).
-- Setup, inputs of the run:
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create tablespace lob_ts datafile size 200m
  extent management local uniform size 1m
  segment space management auto;

alter system set undo_retention = 900;

create table t1 (
  id       number constraint t1_pk primary key,
  little_lob clob
)
lob (little_lob) store as basicfile (
  tablespace lob_ts
  enable storage in row
  chunk 8k
  retention
  freepools 4
  nocache logging
);

-- lobsim session: 1
declare
  v clob := rpad('x', 12000, 'x');
begin
  for i in 1 .. 4000 loop
    insert into t1 values (i, v);
    commit;
  end loop;
end;
/

delete from t1 where id <= 3000;
commit;

-- lobsim session: all
exec dbms_lock.sleep(960)

-- session 1 of 4
-- lobsim session: 1
declare
  v clob := rpad('x', 12000, 'x');
begin
  for i in 4001 .. 4750 loop
    insert into t1 values (i, v);
    commit;
  end loop;
end;
/

-- session 2 of 4
-- lobsim session: 2
declare
  v clob := rpad('x', 12000, 'x');
begin
  for i in 4751 .. 5500 loop
    insert into t1 values (i, v);
    commit;
  end loop;
end;
/

-- session 3 of 4
-- lobsim session: 3
declare
  v clob := rpad('x', 12000, 'x');
begin
  for i in 5501 .. 6250 loop
    insert into t1 values (i, v);
    commit;
  end loop;
end;
/

-- session 4 of 4
-- lobsim session: 4
declare
  v clob := rpad('x', 12000, 'x');
begin
  for i in 6251 .. 7000 loop
    insert into t1 values (i, v);
    commit;
  end loop;
end;
/

-- lobsim session: all
select blocks, extents from user_segments
where  segment_name = (select segment_name from user_lobs where table_name = 'T1');
