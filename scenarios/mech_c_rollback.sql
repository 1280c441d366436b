-- mech_c_rollback: an update writes a new version of each LOB; a rollback
-- frees the new versions' blocks and keeps the old ones (issue 29, "Done
-- when" (c)).  Ours, not a published test.
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table t (id number primary key, c clob)
lob (c) store as securefile (retention none);

insert into t select level, rpad(to_clob('x'), 8000, 'x') from dual connect by level <= 100;
commit;

update t set c = rpad(to_clob('y'), 16000, 'y') where id <= 50;
rollback;

declare
  l_segment varchar2(128);
  l_segment_size_blocks number; l_segment_size_bytes number;
  l_used_blocks number; l_used_bytes number;
  l_expired_blocks number; l_expired_bytes number;
  l_unexpired_blocks number; l_unexpired_bytes number;
begin
  select segment_name into l_segment from user_lobs where table_name = 'T';
  dbms_space.space_usage(user, l_segment, 'LOB', l_segment_size_blocks, l_segment_size_bytes, l_used_blocks, l_used_bytes,
    l_expired_blocks, l_expired_bytes, l_unexpired_blocks, l_unexpired_bytes);
  dbms_output.put_line('used blocks ' || l_used_blocks);
end;
/
