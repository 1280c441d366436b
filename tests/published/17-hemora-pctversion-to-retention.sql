-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://hemora.blogspot.com/2013/06/lob-retention.html  "LOB RETENTION"
-- Author:  hemora.blogspot.com (author not named on the stored copy)
-- Date:    2013-06-27
-- Oracle:  11g
-- Tests:   a BasicFile LOB's RETENTION refreshed from UNDO_RETENTION by switching it
--          to PCTVERSION and back.
-- Taken:   the post's two statements, byte for byte.  MY_TABLE and its LOB_COLUMN are
--          the post's placeholders: declared in the .setup.sql.
-- Published figures: none.
-- ==========================================================================
ALTER TABLE my_table MODIFY LOB (lob_column) (PCTVERSION 20);
ALTER TABLE my_table MODIFY LOB (lob_column) (RETENTION);
