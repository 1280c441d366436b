-- rising_aged: does a long insert's cost per row rise on an aged segment?
-- (issue 30, item 4; docs/rising-insert.md).  Ours, not published.
-- 30,000 CLOBs of 32,000 characters (4 blocks each), two of every three
-- deleted under RETENTION NONE (20,000 LOBs' space free at once, in pieces
-- of 4 blocks between live LOBs), then one transaction of eight inserts of
-- 5,000 rows each, as a long `insert ... select` would be seen in eight
-- intervals.  Change `retention none` to `retention min 900` for the
-- space to stay unexpired, the long transaction to take new extents.
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table t (id number primary key, c clob)
lob (c) store as securefile (retention none disable storage in row);

insert into t select level, rpad(to_clob('a'), 32000, 'a') from dual connect by level <= 30000;
commit;
delete from t where mod(id, 3) > 0;
commit;

insert into t select 100000 + level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 5000;
insert into t select 105000 + level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 5000;
insert into t select 110000 + level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 5000;
insert into t select 115000 + level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 5000;
insert into t select 120000 + level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 5000;
insert into t select 125000 + level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 5000;
insert into t select 130000 + level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 5000;
insert into t select 135000 + level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 5000;
commit;
