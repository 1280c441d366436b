-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://maclochlainn.wordpress.com/2008/04/18/cleaning-up-wasted-lob-space/
--          (also http://blog.mclaughlinsoftware.com/2008/04/18/cleaning-up-wasted-lob-space/)
--          "Cleaning up wasted LOB space"
-- Author:  Michael McLaughlin
-- Date:    2008-04-18
-- Oracle:  not stated (11g era)
-- Tests:   copying a CLOB column into a new column, dropping and re-adding the old one
--          and copying back, to leave the old versions of replaced LOBs behind.
-- Taken:   the post's two code blocks, in order; the space listings between them
--          removed.  The table ITEM and its LOB columns are the author's: declared in
--          the .setup.sql.
-- Published figures: ITEM_DESC LOB segment 226,492,416 bytes (index 393,216) before;
--          ITEM_TEMP after the copy 65,011,712 bytes (index 131,072).
-- ==========================================================================
ALTER TABLE item ADD (item_temp CLOB);
UPDATE item SET item_temp = item_desc;
ALTER TABLE item DROP COLUMN item_desc;
ALTER TABLE item ADD (item_desc CLOB);
UPDATE item SET item_desc = item_temp;
ALTER TABLE item DROP COLUMN item_temp;
