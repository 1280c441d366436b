-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://asktom.oracle.com/pls/apex/f?p=100:11:0::::P11_QUESTION_ID:7246820117571
--          AskTOM "How to reclaim space from deleted lobs?"
-- Author:  Michael (question), answered by Tom Kyte
-- Date:    asked 2003-01-10
-- Oracle:  9.2.0.1.0, 8 KB blocks, ASSM tablespace
-- Tests:   BasicFile BLOB, PCTVERSION 10: blocks taken by 7 copies of a 467,858-byte
--          BLOB, then what a delete gives back to the tablespace.
-- Taken:   the SQL of the question, in its order; the asker's prose and Oracle's
--          output removed.  The objects of the asker's database the script does not
--          create (the FILES table) are declared in 01-asktom-reclaim-deleted-lobs.setup.sql.
-- Completed: the source writes "..." after the first insert ("repeatedly executing the
--          following statement") and then lists 7 rows: the 6 further inserts between
--          the two "completion" markers are ours.  The stored copy of the page we could
--          read ends in the middle of the question ("I would expect that the tablespace
--          "lob_test" i"); nothing after that is here.
-- Published figures: table 8 blocks, LOB index 8 blocks, LOB data 768 blocks
--          (6.188 MB, 61.8% of the 10 MB tablespace) for 7 x 467,858 bytes.
-- ==========================================================================
CREATE TABLESPACE "LOBTEST"
LOGGING
DATAFILE 'E:\APPS\ORACLE\ORADATA\ORA92DB\LOBTEST.ORA' SIZE
10M REUSE EXTENT MANAGEMENT LOCAL SEGMENT SPACE MANAGEMENT
AUTO;

CREATE TABLE "MIKE"."LOB_TAB" ("THEBLOB" BLOB)
TABLESPACE "LOBTEST" PCTFREE 10 PCTUSED 0 INITRANS 1 MAXTRANS
255
STORAGE ( INITIAL 64K NEXT 0K MINEXTENTS 1 MAXEXTENTS
2147483645 PCTINCREASE 0)
LOGGING LOB("THEBLOB") STORE AS ( TABLESPACE "LOBTEST"
STORAGE ( INITIAL 64K NEXT 0K MINEXTENTS 1 MAXEXTENTS
2147483645 PCTINCREASE 0)
ENABLE
STORAGE IN ROW
NOCACHE CHUNK 8192 PCTVERSION 10);

insert into lob_tab(theblob)
select content from files where id = 30;

-- completion (not in the source, which writes "..."): the insert run 6 more times
insert into lob_tab(theblob)
select content from files where id = 30;
insert into lob_tab(theblob)
select content from files where id = 30;
insert into lob_tab(theblob)
select content from files where id = 30;
insert into lob_tab(theblob)
select content from files where id = 30;
insert into lob_tab(theblob)
select content from files where id = 30;
insert into lob_tab(theblob)
select content from files where id = 30;
-- end of completion

commit;

select dbms_lob.getlength(theblob) from lob_tab;

delete lob_tab;
commit;

select count(*) from lob_tab;
