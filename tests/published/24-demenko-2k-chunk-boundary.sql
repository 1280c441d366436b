-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://orafaq.com/usenet/comp.databases.oracle.server/2007/08/17/1008.htm
--          comp.databases.oracle.server, "Re: LOB segment space usage"
-- Author:  Maxim Demenko
-- Date:    2007-08-17
-- Oracle:  10.2.0.3.0, Linux; NLS_CHARACTERSET AL32UTF8 (both printed by the script)
-- Tests:   where a CLOB leaves one 2 KB block for two: 994 characters (1,988 bytes in
--          AL32UTF8's fixed two-byte CLOB form) against 995, DISABLE STORAGE IN ROW,
--          CHUNK 2K, PCTVERSION 0, measured with show_space.
-- Taken:   the statements typed at SQL>, in order; prompts, continuation line numbers
--          and Oracle's answers removed.  The tablespace DATA2K the table uses is the
--          author's (the script creates SMALLBLOCK, not DATA2K): declared in the
--          .setup.sql.
-- Completed: nothing; the stored copy of the post we could read ends in the second
--          show_space's output.
-- Published figures: after 994 characters the LOB segment has 1 full block, 27
--          unformatted, 32 in all; after the truncate and 995 characters, 2 full, 26
--          unformatted, 32 in all.
-- Inputs the source states: AL32UTF8; Oracle 10.2, before SecureFiles (11.1), so every
-- LOB is a BasicFile.
-- lobsim input: charset=AL32UTF8
-- lobsim input: db_securefile=NEVER
-- ==========================================================================
SET SERVEROUTPUT ON
SELECT * FROM V$VERSION
/
SELECT VALUE
FROM NLS_DATABASE_PARAMETERS
WHERE PARAMETER = 'NLS_CHARACTERSET'
/
CREATE TABLESPACE smallblock DATAFILE '/opt/oracle/oradata/ORA102/smallblock01.dbf' SIZE 10M
EXTENT MANAGEMENT LOCAL AUTOALLOCATE SEGMENT SPACE MANAGEMENT AUTO BLOCKSIZE 2K
/
create table t1 (i int, b clob)
lob (b) store as t1_lob (
         chunk 2K
         disable storage in row
         tablespace data2k
         pctversion 0)
/
insert into t1 values (1, rpad('*',994,'*'))
/
exec show_space('T1_LOB',user,'LOB')
truncate table T1
/
insert into t1 values (1, rpad('*',995,'*'))
/
exec show_space('T1_LOB',user,'LOB')
