-- A database with LOB segments for Tim Hall's report to list (ours): two tables, a
-- SecureFile CLOB of 1,000 rows of 20,000 characters and a BasicFile BLOB of 100 rows
-- of 2,000 bytes (in the row).  The call syntax is "@large_lob_segments (rows)": &1 is 10.
define 1 = 10
create table docs (id number primary key, body clob) lob (body) store as securefile;
insert into docs select level, rpad(to_clob('x'), 20000, 'x') from dual connect by level <= 1000;
create table pics (id number primary key, img blob) lob (img) store as basicfile;
insert into pics select level, to_blob(utl_raw.cast_to_raw(rpad('y', 2000, 'y'))) from dual connect by level <= 100;
commit;
