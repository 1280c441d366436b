-- shrink: SecureFile LOB shrink (21c), three rounds of updates and shrinks.
-- Source: Oracle LiveLabs / Oracle Database 21c New Features practices,
--   "Practice: Shrinking SecureFile LOBs",
--   https://docs.oracle.com/en/database/oracle/nfcon/practice-shrinking-securefile-lobs-282450249.html
-- Published: v$securefile_shrink after each shrink
--   (results/reference/oracle_lob_lifecycle.csv, test shrink).
-- The practice's setup script (setup_LOB.sh) creates the 500 MB tablespace
-- and a user HR with it as default tablespace; the user and its grant are
-- left out here (one session, one user), the tablespace is kept.
-- Setup the source does not state, inputs of the run:
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192
-- lobsim input: tablespace extent policy: AUTOALLOCATE (CREATE TABLESPACE's default)
-- RETENTION is not given: a SecureFile's default, AUTO.
-- The statements are the practice's; only these comments are ours.

CREATE TABLESPACE tbs_for_users DATAFILE SIZE 500M;

CREATE TABLE hr.t1 ( a CLOB) LOB(a) STORE AS SECUREFILE TABLESPACE tbs_for_users;

INSERT INTO hr.t1 values ('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
INSERT INTO hr.t1 Select * from hr.t1;
INSERT INTO hr.t1 Select * from hr.t1;
INSERT INTO hr.t1 Select * from hr.t1;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
COMMIT;

-- shrink 1
ALTER TABLE hr.t1 MODIFY LOB(a) (SHRINK SPACE);
SET PAGES 100
SELECT * FROM v$securefile_shrink;

UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
UPDATE hr.t1 SET a=a||a||a||a||a||a||a;
COMMIT;

-- shrink 2
ALTER TABLE hr.t1 MODIFY LOB(a) (SHRINK SPACE);
SELECT * FROM v$securefile_shrink;

UPDATE hr.t1 SET a=a||a;
COMMIT;

-- shrink 3
ALTER TABLE hr.t1 MODIFY LOB(a) (SHRINK SPACE);
SELECT * FROM v$securefile_shrink;
