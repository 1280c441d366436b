-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://www.oracle-base.com/articles/11g/SecureFiles_11gR1.php  ("SecureFiles in
--          Oracle 11g Database Release 1", section "LOB Deduplication").  Read by us in
--          the stored copy of http://tc.wangchao.net.cn/bbs/detail_1604719.html, a Chinese
--          translation that quotes the article's code and output unchanged (the same
--          code is also quoted at https://www.muzhuangnet.com/show/118512/2.html).
-- Author:  Tim Hall (ORACLE-BASE)
-- Date:    2007-2008 (11g Release 1 article)
-- Oracle:  11.1
-- Tests:   SecureFile DEDUPLICATE against KEEP_DUPLICATES: 1,000 copies of the same
--          10,000-character CLOB in each, then the two segments' bytes; then the
--          deduplicated column switched to KEEP_DUPLICATES.
-- Taken:   the code block, byte for byte as the translation quotes it; the query's
--          output removed.
-- Completed: the stored copy we could read ends inside the last block ("COLUMN seg");
--          that line's end and the query after it are ours, as the same query as
--          before.
-- Published figures: DEDUP_LOB 262,144 bytes, KEEPDUP_LOB 19,267,584 bytes.
-- ==========================================================================
CREATE TABLE keep_duplicates_tab (
id NUMBER,
clob_data CLOB
)
LOB(clob_data) STORE AS SECUREFILE keepdup_lob(
KEEP_DUPLICATES
);
CREATE TABLE deduplicate_tab (
id NUMBER,
clob_data CLOB
)
LOB(clob_data) STORE AS SECUREFILE dedup_lob (
DEDUPLICATE
);
DECLARE
l_clob CLOB := RPAD('X', 10000, 'X');
BEGIN
FOR i IN 1 .. 1000 LOOP
INSERT INTO keep_duplicates_tab VALUES (i, l_clob);
END LOOP;
COMMIT;
FOR i IN 1 .. 1000 LOOP
INSERT INTO deduplicate_tab VALUES (i, l_clob);
END LOOP;
COMMIT;
END;
/
EXEC DBMS_STATS.gather_table_stats(USER, 'keep_duplicates_tab');
EXEC DBMS_STATS.gather_table_stats(USER, 'deduplicate_tab');
COLUMN segment_name FORMAT A30
SELECT segment_name, bytes
FROM user_segments
WHERE segment_name IN ('KEEPDUP_LOB', 'DEDUP_LOB');
ALTER TABLE deduplicate_tab MODIFY LOB(clob_data) (
KEEP_DUPLICATES
);
EXEC DBMS_STATS.gather_table_stats(USER, 'deduplicate_tab');
-- completion: the stored copy ends at "COLUMN seg"; the rest is ours
COLUMN segment_name FORMAT A30
SELECT segment_name, bytes
FROM user_segments
WHERE segment_name IN ('KEEPDUP_LOB', 'DEDUP_LOB');
