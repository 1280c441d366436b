-- mech_d_dedup: 1,000 equal LOBs under DEDUPLICATE use the blocks of one
-- LOB plus metadata; under KEEP_DUPLICATES 1,000 times that (issue 29,
-- "Done when" (d)).  Ours; the published form is scenarios/dedup.sql.
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table dup (id number, c clob) lob (c) store as securefile dup_lob (deduplicate);
create table keep (id number, c clob) lob (c) store as securefile keep_lob (keep_duplicates);

-- the same content built two ways: the dedup must see them equal
insert into dup select level, rpad(to_clob('x'), 20000, 'x') from dual connect by level <= 500;
declare
  v clob := rpad('x', 20000, 'x');
begin
  for i in 501 .. 1000 loop
    insert into dup values (i, v);
  end loop;
end;
/
insert into keep select level, rpad(to_clob('x'), 20000, 'x') from dual connect by level <= 1000;
commit;

select segment_name, blocks from user_segments where segment_name in ('DUP_LOB', 'KEEP_LOB');
