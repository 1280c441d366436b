-- space_after_insert: 10,000 CLOBs of rpad('b', 12000, 'b') into a
-- SecureFile with storage in row, then the segment as Oracle reports it.
-- Source: AskTOM, "Does LOB (un)compression affect existing rows?", answer
--   by Chris Saxon, January 2019 (the question on 12.1.0.2),
--   http://asktom.oracle.com/pls/asktom/f?p=100:11:0::::P11_QUESTION_ID:9539778100346861001
-- Published: user_segments bytes of the LOB 100,859,904 and of T1 655,360;
--   show_space: segment 12,312 blocks, used 10,000, expired 2,162,
--   unexpired 0 (results/reference/oracle_lob_lifecycle.csv).
-- SQL's rpad returns at most 4,000 bytes under MAX_STRING_SIZE STANDARD,
-- so each LOB holds 4,000 characters and is stored out of row.
-- Setup the source does not state, inputs of the run:
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192 (12,312 blocks x 8,192 = 100,859,904)
-- The default tablespace: locally managed, AUTOALLOCATE, ASSM (assumed).
-- `exec show_space` is Tom Kyte's published procedure over
-- dbms_space.space_usage (its SecureFile form): an observation.
-- The statements are the answer's; only these comments are ours.

create table t1 (
  x int,
  c clob
) lob (c) store as securefile (
  enable storage in row
  nocompress
);

insert into t1
  select rownum, rpad('b',12000,'b')
  from   dual
  connect by level <= 10000;

commit;

select segment_name, sum ( bytes )
from   user_segments
where  segment_name = 'T1' or
       segment_name = (
  select segment_name from user_lobs
  where table_name = 'T1'
)
group  by rollup ( segment_name );

exec show_space;
