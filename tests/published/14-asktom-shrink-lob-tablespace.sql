-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://asktom.oracle.com/pls/asktom/f?p=100:11:0::::P11_QUESTION_ID:9531190000346221457
--          AskTOM "shrink space behavior of lob tablespace"
-- Author:  Cheuk (question), answered by Connor McDonald
-- Date:    asked 2016-08-11
-- Oracle:  11.2.0.4
-- Tests:   three tables with a LOB column each in one tablespace LOBSPACE: delete all
--          rows, SHRINK SPACE CASCADE, then which extents stay where (DBA_EXTENTS and
--          DBA_FREE_SPACE by file and block).
-- Taken:   the SQL of steps 1 to 3 of the question, in order; the step numbers
--          ("1.", "2.", "3.") and the prose removed.  The tables T1, T2, T3 and the
--          tablespace LOBSPACE are the asker's: declared in the .setup.sql.
-- Completed: nothing; the stored copy of the page we could read ends in step 4 ("Next
--          I checked the HWM with the query provided by T").
-- Published figures: after the shrinks, two of the three datafiles wholly free, the
--          third still holding the three LOB segments (no numbers).
-- ==========================================================================
delete from T1;
delete from T2;
delete from T3;

alter table T1 enable row movement;
alter table T2 enable row movement;
alter table T3 enable row movement;

alter table T1 shrink space cascade;
alter table T2 shrink space cascade;
alter table T3 shrink space cascade;

SELECT de.file_id, ddf.file_name, ddf.bytes/1024/1024 "File size (MB)", block_id first_block, block_id+de.blocks-1 last_block, segment_name
FROM dba_extents de, dba_data_files ddf
WHERE de.tablespace_name = 'LOBSPACE' AND de.file_id=ddf.file_id
union all
SELECT dfs.file_id, ddf.file_name, ddf.bytes/1024/1024 "File size (MB)", block_id, block_id+dfs.blocks-1, 'free'
FROM dba_free_space dfs, dba_data_files ddf
WHERE dfs.tablespace_name = 'LOBSPACE' AND dfs.file_id=ddf.file_id
ORDER BY file_id, first_block
/
