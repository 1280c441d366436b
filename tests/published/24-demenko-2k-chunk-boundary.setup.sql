-- The author's database for 24-demenko-2k-chunk-boundary.sql (ours): the tablespace
-- DATA2K of 2 KB blocks the table is created in (its other settings are not given:
-- locally managed, autoallocate, ASSM, as the SMALLBLOCK the script creates).
create tablespace data2k datafile 'data2k01.dbf' size 10m
  extent management local autoallocate segment space management auto blocksize 2k;
