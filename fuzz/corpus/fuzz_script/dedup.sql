-- dedup: SecureFile DEDUPLICATE against KEEP_DUPLICATES, 1,000 equal CLOBs.
-- Source: oracle-base, "SecureFiles in Oracle 11g Database Release 1",
--   http://www.oracle-base.com/articles/11g/SecureFiles_11gR1.php
--   (section "Deduplication"); Oracle 11.1, DB_SECUREFILE PERMITTED
--   (the article's stated default; the tables say SECUREFILE themselves).
-- Published: user_segments.bytes, DEDUP_LOB 262,144 and KEEPDUP_LOB
--   19,267,584 (results/reference/oracle_lob_lifecycle.csv, test dedup).
-- Setup the source does not state, inputs of the run:
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192
-- lobsim input: tablespace=default (locally managed, AUTOALLOCATE, ASSM)
-- The statements are the article's; only these comments are ours.

CREATE TABLE keep_duplicates_tab (
  id         NUMBER,
  clob_data  CLOB
)
LOB(clob_data) STORE AS SECUREFILE keepdup_lob(
  KEEP_DUPLICATES
);

CREATE TABLE deduplicate_tab (
  id         NUMBER,
  clob_data  CLOB
)
LOB(clob_data) STORE AS SECUREFILE dedup_lob (
  DEDUPLICATE
);

-- PL/SQL's RPAD is not capped at 4,000 bytes: each row gets 10,000 X.
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
FROM   user_segments
WHERE  segment_name IN ('KEEPDUP_LOB', 'DEDUP_LOB');
