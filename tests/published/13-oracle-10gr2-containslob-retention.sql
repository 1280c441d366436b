-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://support.oracle.com/knowledge/Oracle%20Database%20Products/563470_1.html
--          My Oracle Support Doc ID 563470.1 "Lob retention not changing when
--          undo_retention is changed", quoting Oracle Database Application
--          Developer's Guide - Large Objects 10g Release 2 (10.2), B14249-01, chapter 4
--          "LOBs in Tables", RETENTION
-- Author:  Oracle
-- Date:    note last updated 2017-06-30; the guide is of 2005
-- Oracle:  10.2
-- Tests:   a BasicFile CLOB with CHUNK 4096 (half an 8 KB block), RETENTION, NOCACHE
--          LOGGING, STORAGE (MAXEXTENTS 5).
-- Taken:   the guide's example as the note quotes it, byte for byte (the note's "."
--          line before it left out).  TABLESPACE lobtbs1 is the guide's: declared in
--          the .setup.sql.
-- Published figures: none.
-- ==========================================================================
CREATE TABLE ContainsLOB_tab (n NUMBER, c CLOB)
lob (c) STORE AS SEGNAME (TABLESPACE lobtbs1 CHUNK 4096
RETENTION
NOCACHE LOGGING
STORAGE (MAXEXTENTS 5)
);
