-- mech_i_deadlock: two sessions deadlocked on two rows (issue 30, "Bad
-- input"), a test of ours, not published; Oracle's classic example of
-- ORA-00060 (orafaq.com, "ORA-00060") on one table.  Run it with
-- `lobbench --script=scenarios/mech_i_deadlock.sql --sessions=2`.
-- The rows are shared (`-- lobsim rows: shared`: ids not offset per
-- session).  Session 1 loads rows 1, 3 and 2 and updates row 1; session 2,
-- a second later, updates row 2; session 1 then updates rows 2 and 3 and
-- waits for session 2's lock on row 2 (`enq: TX - row lock contention`);
-- session 2 updates row 1 and waits for session 1's: a deadlock.  The
-- first of the two to look for one (session 1, waiting longer) gets
-- ORA-00060 and only its statement is rolled back (row 3 keeps its
-- value); it commits, which lets session 2 go on.  The sleeps order the
-- statements as two SQL*Plus windows would.
-- lobsim input: block_size=8192

create table t (
  id number,
  c  clob
) lob (c) store as securefile (disable storage in row nocache);

-- lobsim rows: shared
-- lobsim session: 1
insert into t select 1, rpad(to_clob('a'), 20000, 'a') from dual connect by level <= 1;
insert into t select 3, rpad(to_clob('a'), 20000, 'a') from dual connect by level <= 1;
insert into t select 2, rpad(to_clob('a'), 20000, 'a') from dual connect by level <= 1;
commit;
update t set c = rpad(to_clob('b'), 4000, 'b') where id = 1;
exec dbms_session.sleep(2);
update t set c = rpad(to_clob('c'), 12000, 'c') where id > 1;
commit;

-- lobsim session: 2
exec dbms_session.sleep(1);
update t set c = rpad(to_clob('d'), 28000, 'd') where id = 2;
exec dbms_session.sleep(2);
update t set c = rpad(to_clob('e'), 60000, 'e') where id = 1;
commit;
