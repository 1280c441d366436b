-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://www.exforsys.com/tutorials/oracle-11g/oracle-11g-securefiles/2.html
--          Exforsys, "Oracle 11g SecureFiles", case 3: DB_SECUREFILE=FORCE
-- Author:  Saurabh K. Gupta
-- Date:    2011-09-04
-- Oracle:  11g
-- Tests:   DB_SECUREFILE=FORCE: SECUREFILE and BASICFILE, each in USERS and in SYSTEM.
-- Taken:   the statements typed at SQL> in the case, in order; the prompts, SQL*Plus's
--          line numbers and Oracle's answers removed.
-- Published figures: FORCE_SECUREFILE_2 and FORCE_BASICFILE_2 (both in SYSTEM): ORA-43853; the
--          two in USERS created, FORCE_BASICFILE_1 as a SecureFile.
-- ==========================================================================
ALTER SYSTEM SET DB_SECUREFILE=FORCE;
CREATE TABLE FORCE_SECUREFILE_1
(DOC BLOB)
LOB(DOC) STORE AS SECUREFILE
TABLESPACE USERS
/
CREATE TABLE FORCE_SECUREFILE_2
(DOC BLOB)
LOB(DOC) STORE AS SECUREFILE
TABLESPACE SYSTEM
/
CREATE TABLE FORCE_BASICFILE_1
(DOC BLOB)
LOB(DOC) STORE AS BASICFILE
TABLESPACE USERS
/
CREATE TABLE FORCE_BASICFILE_2
(DOC BLOB)
LOB(DOC) STORE AS BASICFILE
TABLESPACE SYSTEM
/
