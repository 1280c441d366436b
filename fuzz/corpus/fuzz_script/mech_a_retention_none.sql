-- mech_a_retention_none: RETENTION NONE frees a deleted LOB's space at
-- commit, so a second round of the same size reuses it and the segment
-- does not grow (issue 29, "Done when" (a)).  Ours, not a published test.
-- Why the model should: Oracle's SQL Language Reference, LOB_retention_clause:
-- "NONE: ... no retention ... old versions can be reused immediately".
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table t (id number primary key, c clob)
lob (c) store as securefile (retention none);

-- 8,000 characters each: a CLOB's rpad is not capped at 4,000
insert into t select level, rpad(to_clob('x'), 8000, 'x') from dual connect by level <= 1000;
commit;
select blocks, bytes from user_segments where segment_type = 'LOBSEGMENT';

delete from t;
commit;

insert into t select 1000 + level, rpad(to_clob('x'), 8000, 'x') from dual connect by level <= 1000;
commit;
select blocks, bytes from user_segments where segment_type = 'LOBSEGMENT';
