-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://docs.oracle.com/en/database/oracle/oracle-database/21/adlob/creating-new-LOB-column.html
--          Oracle Database SecureFiles and Large Objects Developer's Guide 21c,
--          11.1 "Creating a New LOB Column"
-- Author:  Oracle
-- Date:    21c documentation
-- Oracle:  21c
-- Tests:   a SecureFile CLOB with a named segment, ENABLE STORAGE IN ROW, CACHE
--          LOGGING, RETENTION AUTO, COMPRESS and STORAGE (MAXEXTENTS 5).
-- Taken:   the example, byte for byte.  The guide says it "assumes that TABLESPACE
--          lobtbs1 is managed with ASSM": declared in the .setup.sql.
-- Published figures: none.
-- ==========================================================================
CREATE TABLE lobtab1 (n NUMBER, c CLOB)
      lob (c) STORE AS SECUREFILE sfsegname 
      ( TABLESPACE lobtbs1
        ENABLE STORAGE IN ROW 
        CACHE LOGGING
        RETENTION AUTO 
        COMPRESS
        STORAGE (MAXEXTENTS 5)
      );
