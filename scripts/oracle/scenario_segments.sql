-- scenario_segments.sql -- run_scenario.sh, after each step: the segments
-- of every table with a SecureFile LOB as user_segments shows them, after
-- the marker lobimport looks for.
prompt lobsim-segments:
select l.table_name, s.segment_type, s.blocks, s.bytes, s.extents
  from user_lobs l join user_segments s on s.segment_name in (l.table_name, l.segment_name)
 where l.securefile = 'YES'
 order by l.table_name, s.segment_type;
