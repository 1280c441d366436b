create tablespace lobs datafile size 10m;
drop tablespace lobs including datafiles;
