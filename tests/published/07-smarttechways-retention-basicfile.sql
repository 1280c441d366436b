-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://smarttechways.com/2019/10/01/change-retention-for-securefile-and-basicfile-lob-segments/
--          "Change retention for Securefile and Basicfile LOB Segments"
-- Author:  SmartTechWays (Sandeep Singh)
-- Date:    2019-10-01
-- Oracle:  not stated (RETENTION_TYPE/RETENTION_VALUE columns of DBA_LOBS: 12c or later)
-- Tests:   RETENTION of a BasicFile LOB follows UNDO_RETENTION when re-set; RETENTION
--          MIN on a BasicFile is refused.
-- Taken:   the statements of steps 1 to 5, in order, with the post's "--" comments;
--          SQL> prompts and Oracle's answers removed.  The table CUST_INT the first
--          statement alters is the author's; it is declared in the .setup.sql.
-- Completed: nothing; the stored copy of the page we could read ends at the output
--          of step 5 (the SecureFile part of the post is not in it).
-- Published figures: ORA-43856 on the first statement; DBA_LOBS RETENTION 1800 with
--          UNDO_RETENTION 1800.
-- ==========================================================================
--Tried on BASICFILE getting following error: (used only on SECUREFILE table)
alter table cust_int modify lob (c_lob) (retention min 900);
Show parameter undo_retention
CREATE TABLE TEST_INT (id number,c_lob CLOB) LOB(c_LOB) store as basicfile;
col table_name for a10
col column_name for a11
select TABLE_NAME,COLUMN_NAME,PCTVERSION,RETENTION,SECUREFILE,RETENTION_TYPE,RETENTION_VALUE from dba_lobs where table_name='TEST_INT';
-- Change system undo retention
Alter system set undo_retention = 900;
--Change table LOG retention as system retention
alter table TEST_INT modify lob (c_lob) (retention);
select TABLE_NAME,COLUMN_NAME,PCTVERSION,RETENTION,SECUREFILE,RETENTION_TYPE,RETENTION_VALUE from dba_lobs where table_name='TEST_INT';
