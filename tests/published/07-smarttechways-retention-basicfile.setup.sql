-- The author's database for 07-smarttechways-retention-basicfile.sql (ours): the
-- BasicFile table CUST_INT the first statement alters (its columns other than C_LOB
-- are not given by the source), and UNDO_RETENTION 1800 as the post's SHOW PARAMETER
-- prints it.
create table cust_int (id number, c_lob clob) lob (c_lob) store as basicfile;
alter system set undo_retention = 1800;
