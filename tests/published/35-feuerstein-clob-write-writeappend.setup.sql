-- The book's own table for its LOB examples: ch12_waterfalls.sql of the same code
-- release (dlee0113/oracle_pl_sql_programming @573969a), declared with the columns
-- the model has: its FALLS_DESCRIPTION NCLOB and FALLS_WEB_PAGE BFILE are left out
-- (NCLOB and BFILE are not modelled; the script touches neither).
CREATE TABLE waterfalls (
   falls_name VARCHAR2(80),
   falls_photo BLOB,
   falls_directions CLOB);
