-- mech_h_sessions: sessions at once growing one SecureFile segment (issue
-- 30, item 1), a test of ours, not published.  Run it with
-- `lobbench --script=scenarios/mech_h_sessions.sql --sessions=1,2,4,8`:
-- every session runs the PL/SQL block on its own rows (ids offset per
-- session); the table's creation runs once.
-- Each session inserts 200 CLOBs of 12,000 characters (two 8 KB blocks
-- each, out of row), committing each row, NOCACHE: each LOB takes the
-- segment's dispenser latch, a hash-bucket block and a direct write; the
-- segment grows by uniform 64 KB extents, each under its HW enqueue.
-- lobsim input: block_size=8192

create tablespace lob_ts datafile size 400m
  extent management local uniform size 64k
  segment space management auto;

create table t1 (
  id number,
  c  clob
) tablespace lob_ts
lob (c) store as securefile (
  tablespace lob_ts
  disable storage in row
  nocache
);

declare
  v clob := rpad('x', 12000, 'x');
begin
  for i in 1 .. 200 loop
    insert into t1 values (i, v);
    commit;
  end loop;
end;
/
