-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://connor-mcdonald.com/2016/09/01/securefile-in-12c-part-2/
--          "Securefile in 12c – part 2"
-- Author:  Connor McDonald
-- Date:    2016-09-01
-- Oracle:  12c
-- Tests:   DB_SECUREFILE PERMITTED vs PREFERRED on the LOB partitions of a list-
--          partitioned table created with BASICFILE LOBs: which new partitions get a
--          SecureFile.
-- Taken:   the statements typed at SQL>, in order; prompts, continuation line numbers
--          and Oracle's answers removed (the stored copy has no indentation left).
-- Completed: nothing; the stored copy of the page we could read ends after the last
--          query's output ("We can see that with").
-- Published figures: USER_LOBS.SECUREFILE NO; partitions P1 NO, P2 NO, P3 YES, P4 YES.
-- ==========================================================================
alter session set db_securefile = permitted;
drop table t purge;
create table T ( x int, y clob )
lob(y) store as basicfile
partition by list ( x )
(
partition p1 values (1),
partition p2 values (2)
)
/
select securefile
from user_lobs
where table_name = 'T';
select partition_name, securefile
from user_lob_partitions
where table_name = 'T';
alter table T
add partition p3 values (3)
lob(y) store as securefile
/
select partition_name, securefile
from user_lob_partitions
where table_name = 'T';
alter session set db_securefile = preferred;
alter table T
add partition p4 values (4)
/
select securefile
from user_lobs
where table_name = 'T';
select partition_name, securefile
from user_lob_partitions
where table_name = 'T';
