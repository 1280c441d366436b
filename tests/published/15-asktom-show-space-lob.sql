-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://asktom.oracle.com/ords/f?p=100:11:::::P11_QUESTION_ID:1465222650804
--          AskTOM (question on show_space of a table and its LOB segment)
-- Author:  Kasturi (question), answered by Tom Kyte
-- Date:    asked 2001-09-24
-- Oracle:  8.1.6, 4 KB blocks, CHUNK 4 KB
-- Tests:   Tom Kyte's show_space on a table and on its LOB segment: free, unused and
--          total blocks, and where the high-water mark is.
-- Taken:   the statements typed at SQL>, in order; prompts, continuation line numbers
--          and show_space's output removed.  TABLE1 (8,000 rows, a LOB as its 4th
--          column, 4 KB blocks) is the asker's: declared in the .setup.sql.
-- Published figures: table: free 3, total 520, unused 25 blocks; LOB segment: free
--          41,149, total 437,343, unused 25,855 blocks, last used block 17,345.
-- ==========================================================================
exec show_space('TABLE1');
column segment_name new_val lob
select segment_name from user_lobs
where table_name = 'TABLE1';
exec show_space('&lob',user,'LOB');
