-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://github.com/zuozhenggh/learning-library/blob/17b8c8c/data-management-library/database/21c/fundamentals/securefile-lobs/securefile-lobs.md
--          Oracle LiveLabs, Oracle Database 21c "Shrinking SecureFile LOBs" (a fork of
--          oracle/learning-library); the lab of 03-oracle-21c-shrink-securefile.sql with two
--          more rounds of updates and shrinks
-- Author:  Oracle (Donna Keesling, Database User Assistance; updated by Kay Malcolm)
-- Date:    March 2020 (its session shows 10-NOV-20)
-- Oracle:  21c (PDB21)
-- Tests:   SecureFile shrink three times: after two updates making each CLOB 7 times
--          longer, after four more, after one doubling; v$securefile_shrink after each.
-- Taken:   the statements of the page's <copy> blocks, in order, taken out of the
--          markup; Oracle's answers left out.  Its setup_LOB.sh is the setup file.
-- Published figures: v$securefile_shrink after each shrink: blocks moved, freed and allocated
--          2 / 2 / 2, extents allocated, freed, sealed 1 / 1 / 1; then 2,648 / 2,648 /
--          2,648, 1 / 11 / 11; then 2,552 / 2,552 / 2,552, 1 / 16 / 16.
-- Input:   AL32UTF8, the default database character set of DBCA's 21c database, as
--          for 03 and scenarios/shrink.sql (the page does not print it):
-- lobsim input: charset=AL32UTF8
-- ==========================================================================
CREATE TABLE hr.t1 ( a CLOB) LOB(a) STORE AS SECUREFILE TABLESPACE users;
alter database datafile '/u02/app/oracle/oradata/pdb21/users01.dbf' autoextend on;
INSERT INTO hr.t1 values ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
INSERT INTO hr.t1 Select * from hr.t1;
INSERT INTO hr.t1 Select * from hr.t1;
INSERT INTO hr.t1 Select * from hr.t1;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
COMMIT;
ALTER TABLE hr.t1 MODIFY LOB(a) (SHRINK SPACE);
SET PAGES 100
SELECT * FROM v$securefile_shrink;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
COMMIT;
ALTER TABLE hr.t1 MODIFY LOB(a) (SHRINK SPACE);
SELECT * FROM v$securefile_shrink WHERE LOB_OBJD=76063;
UPDATE hr.t1 SET a=a||a;
COMMIT;
ALTER TABLE hr.t1 MODIFY LOB(a) (SHRINK SPACE);
SELECT * FROM v$securefile_shrink WHERE LOB_OBJD=76063;
EXIT
