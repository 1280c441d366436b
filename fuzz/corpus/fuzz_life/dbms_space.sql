create table t (id number, c clob) lob (c) store as securefile l (disable storage in row);
insert into t select level, rpad(to_clob('x'), 20000, 'x') from dual connect by level <= 30;
commit;
delete from t where id <= 10;
commit;
declare
  sb number; sy number; ub number; uy number; eb number; ey number; xb number; xy number;
  tb number; ty number; nb number; ny number; f number; b number; lb number;
begin
  dbms_space.space_usage('U', 'L', 'LOB', sb, sy, ub, uy, eb, ey, xb, xy);
  dbms_output.put_line(sb || ' ' || ub || ' ' || eb || ' ' || xb);
  dbms_space.unused_space(segment_owner => 'U', segment_name => 'T', segment_type => 'TABLE',
    total_blocks => tb, total_bytes => ty, unused_blocks => nb, unused_bytes => ny,
    last_used_extent_file_id => f, last_used_extent_block_id => b, last_used_block => lb);
  dbms_output.put_line(tb || ' ' || nb || ' ' || lb);
  dbms_space.unused_space('U', 'L', 'LOB', tb, ty, nb, ny, f, b, lb);
  dbms_space.unused_space('U', 'NOSUCH', 'LOB', tb, ty, nb, ny, f, b, lb);
exception when others then
  dbms_output.put_line('handled');
end;
/
