-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://www.exforsys.com/tutorials/oracle-11g/oracle-11g-securefiles/1.html
--          Exforsys, "Oracle 11g SecureFiles", case 1: DB_SECUREFILE=PERMITTED
-- Author:  Saurabh K. Gupta
-- Date:    2011-09-04
-- Oracle:  11g
-- Tests:   which LOBs DB_SECUREFILE=PERMITTED lets be SecureFiles: SECUREFILE and
--          BASICFILE, each in USERS and in SYSTEM.
-- Taken:   the statements typed at SQL> in the case, in order; the prompts, SQL*Plus's
--          line numbers and Oracle's answers removed.
-- Published figures: PERMITTED_SECUREFILE_2 (a SecureFile in SYSTEM): ORA-43853: SECUREFILE lobs
--          cannot be used in non-ASSM tablespace "SYSTEM"; the other three created.
-- ==========================================================================
ALTER SYSTEM SET DB_SECUREFILE=PERMITTED;
CREATE TABLE PERMITTED_SECUREFILE_1
(DOC BLOB)
LOB(DOC) STORE AS SECUREFILE
TABLESPACE USERS;
CREATE TABLE PERMITTED_SECUREFILE_2
(DOC BLOB)
LOB(DOC) STORE AS SECUREFILE
TABLESPACE SYSTEM;
CREATE TABLE PERMITTED_BASICFILE_1
(DOC BLOB)
LOB(DOC) STORE AS BASICFILE
TABLESPACE USERS;
CREATE TABLE PERMITTED_BASICFILE_2
(DOC BLOB)
LOB(DOC) STORE AS BASICFILE
TABLESPACE SYSTEM;
