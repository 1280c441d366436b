-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://github.com/oraclebase/dba/blob/91ceb91625c23abcea9f60d90a753953c63c4a9b/monitoring/large_lob_segments.sql
--          oracle-base.com/dba/monitoring/large_lob_segments.sql
-- Author:  Tim Hall
-- Date:    2017-09-12
-- Oracle:  10g and later
-- Tests:   a report of the largest LOB segments: dba_lobs joined to dba_segments, top-N
--          by size; the setup answers &1 (the rows to show) and holds two LOB tables.
-- Taken:   the file at that commit, byte for byte.
-- Published figures: none (a report of the author's database).
-- ==========================================================================
-- -----------------------------------------------------------------------------------
-- File Name    : https://oracle-base.com/dba/monitoring/large_lob_segments.sql
-- Author       : Tim Hall
-- Description  : Displays size of large LOB segments.
-- Requirements : Access to the DBA views.
-- Call Syntax  : @large_lob_segments (rows)
-- Last Modified: 12/09/2017
-- -----------------------------------------------------------------------------------
SET LINESIZE 500 VERIFY OFF
COLUMN owner FORMAT A30
COLUMN table_name FORMAT A30
COLUMN column_name FORMAT A30
COLUMN segment_name FORMAT A30
COLUMN tablespace_name FORMAT A30
COLUMN size_mb FORMAT 99999999.00

SELECT *
FROM   (SELECT l.owner,
               l.table_name,
               l.column_name,
               l.segment_name,
               l.tablespace_name,
               ROUND(s.bytes/1024/1024,2) size_mb
        FROM   dba_lobs l
               JOIN dba_segments s ON s.owner = l.owner AND s.segment_name = l.segment_name
        ORDER BY 6 DESC)
WHERE  ROWNUM <= &1;

SET VERIFY ON