-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://www.oracle-base.com/articles/11g/SecureFiles_11gR1.php  ("SecureFiles in
--          Oracle 11g Database Release 1", section "Creating SecureFile LOBs", The
--          Basics).  Read by us in the stored copy of http://tc.wangchao.net.cn/bbs/detail_1604719.html,
--          a Chinese translation that quotes the article's code unchanged; the stored
--          copy of oracle-base itself we could read ends before this code.
-- Author:  Tim Hall (ORACLE-BASE)
-- Date:    2007-2008 (11g Release 1 article)
-- Oracle:  11.1
-- Tests:   the same one-row CLOB table as BASICFILE and as SECUREFILE.
-- Taken:   the code block, byte for byte as the translation quotes it.
-- Published figures: none.
-- ==========================================================================
CREATE TABLE bf_tab (
id NUMBER,
clob_data CLOB
)
LOB(clob_data) STORE AS BASICFILE;
INSERT INTO bf_tab VALUES (1, 'My CLOB data');
COMMIT;
CREATE TABLE sf_tab (
id NUMBER,
clob_data CLOB
)
LOB(clob_data) STORE AS SECUREFILE;
INSERT INTO sf_tab VALUES (1, 'My CLOB data');
COMMIT;
