-- The post's placeholder table for 17-hemora-pctversion-to-retention.sql (ours).
create table my_table (id number, lob_column clob) lob (lob_column) store as basicfile;
