-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://fatdba.com/tag/relational  (post "From Painful Manual LOB Shrink
--          to Automatic SecureFiles Shrink")
-- Author:  FatDBA (Prashant Dixit)
-- Date:    2025-11-15
-- Oracle:  23ai
-- Tests:   a SecureFile CLOB segment filled with 10,000 random 32,767-character CLOBs,
--          before a shrink (manual and automatic SecureFiles shrink).
-- Taken:   the statements of the post, in order; Oracle's answers ("Tablespace
--          created.", the query result) removed; the post's own "--" comment kept.
-- Completed: the stored copy of the page we could read ends in the middle of the
--          statement "SELECT COUNT(*) FROM tst_securef"; its end ("ile_lob;") is ours,
--          and nothing after it (the shrink itself) is here.
-- Published figures: none in the part we could read.
-- ==========================================================================
CREATE TABLESPACE lobts
  DATAFILE '/u02/oradata/LOBTS01.dbf'
  SIZE 1G AUTOEXTEND ON NEXT 256M;

-- Table with a securefile LOB based column.
CREATE TABLE tst_securefile_lob
(
    id NUMBER,
    lob_data CLOB
)
LOB (lob_data) STORE AS SECUREFILE (
    TABLESPACE lobts
    CACHE
);

SELECT table_name, column_name, securefile
FROM   user_lobs
WHERE  table_name='TST_SECUREFILE_LOB';

BEGIN
FOR r IN 1 .. 10 LOOP
INSERT INTO tst_securefile_lob (id, lob_data)
SELECT r*100000 + level,
TO_CLOB(DBMS_RANDOM.STRING('x', 32767))
FROM dual
CONNECT BY level <= 1000;
COMMIT;
END LOOP;
END;
/

-- completion: the stored copy of the source ends at "tst_securef"; "ile_lob;" is ours
SELECT COUNT(*) FROM tst_securefile_lob;
