-- The asker's database for 15-asktom-show-space-lob.sql (ours): a tablespace of 4 KB
-- blocks holding TABLE1 and its LOB, the LOB as the 4th column, CHUNK 4 KB, 8,000 rows
-- (the asker's count).  The source gives neither the other columns nor the LOB
-- lengths: 4,000 characters each, stated here as an input, not the asker's figure.
create tablespace ts4k datafile 'ts4k01.dbf' size 2000m blocksize 4k;
create table table1 (id number, name varchar2(30), created date, doc clob)
  tablespace ts4k lob (doc) store as basicfile (tablespace ts4k chunk 4096);
insert into table1 select level, 'row', null, rpad('x', 4000, 'x') from dual connect by level <= 8000;
commit;
