-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://abdul-hafeez-kalsekar-tuning.blogspot.com/2024/02/lob-space-not-released-after-delete-doc.html
--          republishing My Oracle Support Doc ID 2285007.1 "LOB space not released
--          after delete", section "A) Tested in 12.2"
-- Author:  Oracle Support (republished by Abdul Hafeez Kalsekar)
-- Date:    session shown 2017-07-10; republished 2024-02
-- Oracle:  12.2.0.1.0
-- Tests:   a BLOB table in its own 3 GB tablespace, filled, deleted from, and whether
--          the space goes back (the note: only TRUNCATE gives it back; deleted space
--          is reused after the retention time).
-- Taken:   the statements typed at SQL>, in order; prompts and Oracle's answers
--          removed (the sqlplus login lines are not statements).
-- Completed: nothing; the stored copy of the page we could read ends at "SQL> Cr",
--          the start of the next statement, so only the setup of the test is here.
-- Published figures: none in the part we could read.
-- ==========================================================================
select name,created from v$database;
CREATE SMALLFILE TABLESPACE "TTS_NAME" DATAFILE '/refresh/home/app/oracle/oradata/xxx/DB01.dbf' SIZE 3072M REUSE AUTOEXTEND ON NEXT 100M MAXSIZE 3072M LOGGING EXTENT MANAGEMENT LOCAL SEGMENT SPACE MANAGEMENT AUTO;
create table lob_test (id number, data blob) tablespace "TTS_NAME";
create sequence lob_test_seq;
