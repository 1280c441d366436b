-- The author's example database (ours; the post gives the names only): "una tabla, T,
-- con 3 campos y todos de tipo BLOB, (X, Y, Z)", its LOBs in tablespace LOBTEST, and an
-- auxiliary tablespace LOBTEST2.  BasicFile (2008: Oracle 10g).  200 rows of 20,000-byte
-- BLOBs, then 150 deleted, so that the segments hold space the MOVE gives back.  The
-- table needs an id for the model's delete: a NUMBER column ID is added (the post's T
-- has only the three BLOBs).
create tablespace lobtest datafile 'lobtest.dbf' size 100m;
create tablespace lobtest2 datafile 'lobtest2.dbf' size 100m;
create table t (id number primary key, x blob, y blob, z blob) tablespace lobtest
  lob (x, y, z) store as basicfile (tablespace lobtest);
declare
  b blob;
begin
  dbms_lob.createtemporary(b, true);
  for j in 1 .. 10 loop
    dbms_lob.writeappend(b, 2000, utl_raw.cast_to_raw(rpad('x', 2000, 'x')));
  end loop;
  for i in 1 .. 200 loop
    insert into t values (i, b, b, b);
  end loop;
  commit;
end;
/
delete from t where id > 50;
commit;
