-- The guide's assumption for 12-oracle-21c-adlob-lobtab1.sql (ours): LOBTBS1, ASSM.
create tablespace lobtbs1 datafile 'lobtbs1.dbf' size 100m segment space management auto;
