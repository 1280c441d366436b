-- The asker's database for 01-asktom-reclaim-deleted-lobs.sql (ours, not published):
-- the FILES table the script copies from, with the row id 30 holding a BLOB of
-- 467,858 bytes (the length the asker's dbms_lob.getlength printed), written as
-- 57 pieces of 8,192 bytes and one of 914 (57 x 8,192 + 914 = 467,858: a SQL
-- rpad could not make it, being capped at 4,000 bytes), and the schema MIKE the
-- table is created in.  The tablespace of FILES is not given by the source: USERS
-- of the default database.  The bytes are 'x' (the source does not give them).
create user mike identified by mike;
create table files (id number, content blob) tablespace users;
declare
  l blob;
begin
  insert into files values (30, empty_blob()) returning content into l;
  for i in 1 .. 57 loop
    dbms_lob.writeappend(l, 8192, utl_raw.cast_to_raw(rpad('x', 8192, 'x')));
  end loop;
  dbms_lob.writeappend(l, 914, utl_raw.cast_to_raw(rpad('x', 914, 'x')));
  commit;
end;
/
