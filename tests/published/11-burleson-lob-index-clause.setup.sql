-- The author's database for 11-burleson-lob-index-clause.sql (ours): its three
-- tablespaces, settings not given by the source (as USERS).
create tablespace raw_data datafile 'raw_data01.dbf' size 100m;
create tablespace raw_index datafile 'raw_index01.dbf' size 100m;
create tablespace appl_data datafile 'appl_data01.dbf' size 100m;
