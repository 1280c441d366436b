-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://docs.oracle.com/en/database/oracle/nfcon/practice-shrinking-securefile-lobs-282450249.html
--          Oracle Database 21c New Features practice "Shrinking SecureFile LOBs"
-- Author:  Oracle (New Features course M104780GC10)
-- Date:    session shown 2019-12-13
-- Oracle:  21c (PDB21)
-- Tests:   SecureFile shrink (ALTER TABLE ... MODIFY LOB (a) (SHRINK SPACE)) after
--          inserts that double the rows and updates that make each CLOB 49 times longer.
-- Taken:   the statements typed at SQL> in steps 1 and 2 of the practice, in order;
--          the prompts and Oracle's answers ("1 row created.", ...) removed.  What
--          step 1's shell script setup_LOB.sh runs (the tablespace tbs_for_users, the
--          user hr) is in 03-oracle-21c-shrink-securefile.setup.sql.
-- Completed: nothing; the stored copy of the page we could read ends at the
--          v$securefile_shrink query, before its output.
-- Published figures: none in the part we could read; the first shrink's
--          v$securefile_shrink row is in results/reference/oracle_lob_lifecycle.csv
--          (test shrink, "shrink 1", read from the full page): blocks moved, freed and
--          allocated 2, extents allocated, freed and sealed 1.
-- The database's character set is not stated by the practice; as in
-- scenarios/shrink.sql: AL32UTF8, the default database character set of DBCA's
-- templates from 12.2 on (Oracle Database Installation Guide).
-- lobsim input: charset=AL32UTF8
-- ==========================================================================
CREATE TABLE hr.t1 ( a CLOB) LOB(a) STORE AS SECUREFILE TABLESPACE tbs_for_users;
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
