-- The guide's tablespace for 13-oracle-10gr2-containslob-retention.sql (ours).
create tablespace lobtbs1 datafile 'lobtbs1.dbf' size 100m segment space management auto;
