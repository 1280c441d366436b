-- mech_e_compress: COMPRESS of rpad('x', 100000, 'x') stores at most one
-- block per LOB; of 100,000 characters of dbms_random.string('x', ...)
-- not fewer blocks than uncompressed, random text of 36 symbols being
-- nearly incompressible (issue 29, "Done when" (e)).  Ours.
-- dbms_random.string returns a VARCHAR2 (32,767 in PL/SQL), so the
-- random value is four calls concatenated as a CLOB.
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table rep (id number, c clob) lob (c) store as securefile rep_lob (compress disable storage in row);
create table rnd (id number, c clob) lob (c) store as securefile rnd_lob (compress disable storage in row);
create table raw_rnd (id number, c clob) lob (c) store as securefile raw_lob (nocompress disable storage in row);

insert into rep select level, rpad(to_clob('x'), 100000, 'x') from dual connect by level <= 100;
commit;

declare
  v clob := to_clob(dbms_random.string('x', 25000)) || dbms_random.string('x', 25000)
            || dbms_random.string('x', 25000) || dbms_random.string('x', 25000);
begin
  for i in 1 .. 100 loop
    insert into rnd values (i, v);
  end loop;
  for i in 1 .. 100 loop
    insert into raw_rnd values (i, v);
  end loop;
  commit;
end;
/

select segment_name, blocks from user_segments where segment_name in ('REP_LOB', 'RND_LOB', 'RAW_LOB');
