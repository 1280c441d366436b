-- The asker's database for 01-asktom-reclaim-deleted-lobs.sql (ours, not published):
-- the FILES table the script copies from, with the row id 30 holding a BLOB of
-- 467,858 bytes (the length the asker's dbms_lob.getlength printed), and the
-- schema MIKE the table is created in.  The tablespace of FILES is not given by
-- the source: USERS of the default database.
create user mike identified by mike;
create table files (id number, content blob) tablespace users;
insert into files values (30, to_blob(utl_raw.cast_to_raw(rpad('x', 467858, 'x'))));
commit;
