-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://connor-mcdonald.com/2018/10/17/compressed-lob-table-got-bigger/
--          "Compressed LOB–my table got bigger?"
-- Author:  Connor McDonald
-- Date:    2018-10-17
-- Oracle:  not stated (12.2 / 18c era)
-- Tests:   a SecureFile NOCOMPRESS CLOB, ENABLE STORAGE IN ROW, 10,000 rows of
--          rpad('b',12000,'b') (in SQL a VARCHAR2 of at most 4,000 bytes with
--          MAX_STRING_SIZE STANDARD): in row or out of row.
-- Taken:   the statements typed at SQL>, in order; prompts, continuation line numbers
--          and Oracle's answers removed.
-- Completed: nothing; the stored copy of the page we could read ends where the post
--          copies the table into a compressed replica, before that code.
-- Published figures: none in the part we could read (10,000 rows created).
-- ==========================================================================
create table t1
( x int,
  c clob
)
lob (c) store as securefile (
  enable      storage in row
  nocompress);
insert into t1
select rownum, rpad('b',12000,'b')
from   dual
connect by level <= 10000;
commit;
