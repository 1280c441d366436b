-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://connor-mcdonald.com/2018/10/11/odc-appreciation-day-lob-compression/
--          "ODC Appreciation Day: LOB compression"
-- Author:  Connor McDonald
-- Date:    2018-10-11
-- Oracle:  not stated (12.2 / 18c era)
-- Tests:   SecureFile NOCOMPRESS against COMPRESS, ENABLE STORAGE IN ROW, 82,902 CLOBs
--          of 6,000 characters made of repeated owner/object_type pairs; the bytes of
--          table plus LOB segment for each.
-- Taken:   the first demo's statements typed at SQL>, in order; prompts, continuation
--          line numbers and Oracle's answers removed.  Line 4 of the first insert is
--          "commit;" in the source (the word becomes the alias of DBA_OBJECTS and the
--          insert ends there): kept.  The second demo (random strings) is cut in the
--          stored copy we could read; it is not here.  DBA_OBJECTS is the author's
--          dictionary: declared in the .setup.sql.
-- Published figures: 82,902 rows; T1 + its LOB 1,548,943,360 bytes; T2 + its LOB
--          19,005,440 bytes.
-- ==========================================================================
create table t1
( x int,
  c clob
)
lob (c) store as securefile (
  enable      storage in row
  nocompress);
create table t2
( x int,
  c clob
)
lob (c) store as securefile (
  enable      storage in row
  compress);
insert into t1
select rownum, rpad(owner,6000,owner||','||object_type)
from   dba_objects
commit;
insert into t2
select * from t1;
commit;
select sum(bytes) from user_segments
where
   segment_name = 'T1' or
   segment_name = ( select segment_name from user_lobs
                    where table_name = 'T1' );
select sum(bytes) from user_segments
where
   segment_name = 'T2' or
   segment_name = ( select segment_name from user_lobs
                    where table_name = 'T2' );
