-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://connor-mcdonald.com/2018/10/13/lobs-vs-data-when-compression-occurs/
--          "LOBs vs Data – when compression occurs"
-- Author:  Connor McDonald
-- Date:    2018-10-13
-- Oracle:  not stated (12.2 / 18c era)
-- Tests:   99,999 random CLOBs in a SecureFile; table COMPRESS (dictionary only)
--          against MODIFY LOB (c) (COMPRESS), which rewrites every LOB.
-- Taken:   the statements typed at SQL>, in order; prompts, continuation line numbers
--          and Oracle's answers removed.
-- Published figures: 99,999 rows created; elapsed 00:00:00.00 for the table's
--          COMPRESS, 00:00:23.32 for the LOB's (times, not space).
-- ==========================================================================
create table t (x int, c clob ) lob (c) store as securefile;
insert into t
select rownum, dbms_random.string('x',20000)
from dual
connect by level < 100000;
commit;
set timing on
alter table t compress;
alter table t modify lob (c ) ( compress );
