-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://exadata-dba.blogspot.com/2024/03/does-deallocate-unused-or-shrink-space.html
--          "Does DEALLOCATE UNUSED or SHRINK SPACE free LOB space?"
-- Author:  the exadata-dba.blogspot.com author (not named on the stored copy)
-- Date:    2024-03
-- Oracle:  19.20, Linux x86-64
-- Tests:   four LOB columns (BasicFile BLOB and CLOB, SecureFile BLOB and CLOB, all
--          DISABLE STORAGE IN ROW, CHUNK 8192) filled with 100 x 30,000 bytes, emptied,
--          then DEALLOCATE UNUSED and SHRINK SPACE CASCADE on each.
-- Taken:   "The script below", byte for byte, as far as the stored copy of the page
--          we could read goes.
-- Completed: that copy ends inside the comment "-- Measure the LOB-seg".  Everything
--          after the completion marker is ours, written from the author's own list of
--          steps at the top of the post (3: empty the LOBs with empty_*(); 4: measure
--          the LOB segments; 5: ALTER TABLE ... MODIFY LOB(COLUMN_NAME) (DEALLOCATE
--          UNUSED [keep 0]) and ... (SHRINK SPACE CASCADE)); the author's own
--          statements for them are not known to us.
-- Published figures: none in the part we could read.
-- ==========================================================================
set lines 200
set pages 99
conn / as sysdba
drop user test_lob cascade;
drop tablespace test_lob including contents and datafiles;
create tablespace test_lob extent management local segment space management auto datafile '/oradata/ORCL/test_lob.dbf' size 100m autoextend off;
create user test_lob identified by test_lob default tablespace test_lob;
grant dba to test_lob;
conn test_lob/test_lob
create table lob_deallocate
( va varchar2(100 BYTE)
,BASICFILE_BLOB BLOB
,BASICFILE_CLOB CLOB
,SECUREFILE_BLOB BLOB
,SECUREFILE_CLOB CLOB
)
TABLESPACE test_lob
LOB (BASICFILE_BLOB) STORE AS BASICFILE BF_BLOB (TABLESPACE TEST_LOB DISABLE STORAGE IN ROW CHUNK 8192 RETENTION NOCACHE LOGGING )
LOB (BASICFILE_CLOB) STORE AS BASICFILE BF_CLOB (TABLESPACE TEST_LOB DISABLE STORAGE IN ROW CHUNK 8192 RETENTION NOCACHE LOGGING )
LOB (SECUREFILE_BLOB) STORE AS SECUREFILE SF_BLOB (TABLESPACE TEST_LOB DISABLE STORAGE IN ROW CHUNK 8192 RETENTION NOCACHE LOGGING )
LOB (SECUREFILE_CLOB) STORE AS SECUREFILE SF_CLOB (TABLESPACE TEST_LOB DISABLE STORAGE IN ROW CHUNK 8192 RETENTION NOCACHE LOGGING ) ;
-- Fill the table with some data to blow up LOB-segments
declare
l_data long := rpad('*',30000,'*');
begin
for i in 1 .. 100
loop
insert into lob_deallocate values ( i,
utl_raw.cast_to_raw(l_data),
utl_raw.cast_to_raw(l_data),
utl_raw.cast_to_raw(l_data),
utl_raw.cast_to_raw(l_data) );
end loop;
end;
/
commit;
-- Measure the LOB-seg
-- completion (ours, from the author's list of steps; not the author's text):
select segment_name, blocks from user_segments where segment_name in ('BF_BLOB','BF_CLOB','SF_BLOB','SF_CLOB') order by 1;
update lob_deallocate set basicfile_blob = empty_blob(), basicfile_clob = empty_clob(),
  securefile_blob = empty_blob(), securefile_clob = empty_clob();
commit;
select segment_name, blocks from user_segments where segment_name in ('BF_BLOB','BF_CLOB','SF_BLOB','SF_CLOB') order by 1;
alter table lob_deallocate modify lob (basicfile_blob) (deallocate unused keep 0);
alter table lob_deallocate modify lob (basicfile_clob) (deallocate unused keep 0);
alter table lob_deallocate modify lob (securefile_blob) (deallocate unused keep 0);
alter table lob_deallocate modify lob (securefile_clob) (deallocate unused keep 0);
select segment_name, blocks from user_segments where segment_name in ('BF_BLOB','BF_CLOB','SF_BLOB','SF_CLOB') order by 1;
alter table lob_deallocate modify lob (basicfile_blob) (shrink space cascade);
alter table lob_deallocate modify lob (basicfile_clob) (shrink space cascade);
alter table lob_deallocate modify lob (securefile_blob) (shrink space cascade);
alter table lob_deallocate modify lob (securefile_clob) (shrink space cascade);
select segment_name, blocks from user_segments where segment_name in ('BF_BLOB','BF_CLOB','SF_BLOB','SF_CLOB') order by 1;
-- end of completion
