-- The author's database for 10-morgan-chunk-4000.sql (ours): the tablespace UWDATA
-- the examples use.  The source does not give its settings: a locally managed,
-- autoallocate, ASSM tablespace of the default block size, as USERS.
create tablespace uwdata datafile 'uwdata01.dbf' size 100m;
