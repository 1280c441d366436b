-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://www.morganslibrary.org/reference/lobs.html  (Morgan's Library, LOBs,
--          section CREATE, examples BLOB and CLOB)
-- Author:  Daniel Morgan
-- Date:    not on the stored copy
-- Oracle:  not stated (the page covers 8i to 19c)
-- Tests:   a LOB with STORAGE (INITIAL 1M) and CHUNK 4000, not a multiple of the block
--          size (Oracle rounds CHUNK up to a multiple of the block: SQL Language
--          Reference, LOB_parameters, CHUNK); the segments it creates.
-- Taken:   the two example cells (BLOB, then CLOB), byte for byte, one after the other;
--          the syntax diagrams between them left out.  "desc lobtab" (a table neither
--          example creates) is the page's own.  Tablespace UWDATA is the author's:
--          declared in the .setup.sql.
-- Published figures: none.
-- ==========================================================================
CREATE TABLE blobtab (
recid NUMBER(5),
blobcol BLOB)
LOB (blobcol) STORE AS blobseg (TABLESPACE uwdata STORAGE (INITIAL 1M)
CHUNK 4000
NOCACHE NOLOGGING)
TABLESPACE uwdata;
desc lobtab
col segment_name format a30
SELECT segment_name, segment_type, tablespace_name
FROM user_segments
ORDER BY 2,1;
CREATE TABLE clobtab (
recid NUMBER(5),
clobcol CLOB)
LOB (clobcol) STORE AS clobseg (TABLESPACE uwdata STORAGE (INITIAL 1M)
CHUNK 4000
NOCACHE NOLOGGING)
TABLESPACE uwdata;
desc clobtab
col segment_name format a30
SELECT segment_name, segment_type, tablespace_name
FROM user_segments
ORDER BY 2,1;
