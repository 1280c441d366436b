-- mech_b_retention_min: RETENTION MIN 900 keeps a deleted LOB's space
-- unexpired for 900 s, so a second round grows the segment; after
-- dbms_session.sleep(901) the first round's space has expired and a third
-- round reuses it (issue 29, "Done when" (b)).  Ours, not a published test.
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table t (id number primary key, c clob)
lob (c) store as securefile (retention min 900);

insert into t select level, rpad(to_clob('x'), 8000, 'x') from dual connect by level <= 1000;
commit;
select blocks from user_segments where segment_type = 'LOBSEGMENT';

delete from t;
commit;

-- round 2: the freed space is unexpired, the segment grows
insert into t select 1000 + level, rpad(to_clob('x'), 8000, 'x') from dual connect by level <= 1000;
commit;
select blocks from user_segments where segment_type = 'LOBSEGMENT';

exec dbms_session.sleep(901)

-- round 3: round 1's space has expired and is reused
insert into t select 2000 + level, rpad(to_clob('x'), 8000, 'x') from dual connect by level <= 1000;
commit;
select blocks from user_segments where segment_type = 'LOBSEGMENT';
