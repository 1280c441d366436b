create table t (id number, c clob) lob (c) store as securefile;
declare
  n number;
begin
  dbms_space.space_usage(segment_owner => 'U', segment_name => 'SYS_LOB0000000001C00002$$',
    segment_type => 'LOB', segment_size_blocks => n, segment_size_bytes => n,
    used_blocks => n, used_bytes => n, expired_blocks => n, expired_bytes => n,
    unexpired_blocks => n, unexpired_bytes => n, partition_name => null);
  dbms_space.unused_space('U', 'T', 'TABLE', n, n, n, n, n, n, n);
  dbms_output.put_line(n);
end;
/
declare
  n number;
begin
  dbms_space.space_usage('U', 'T', 'TABLE', n, n, n, n, n, n, n, n, n, n, n, n);
end;
/
