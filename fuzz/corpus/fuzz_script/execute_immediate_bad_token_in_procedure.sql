column segment_name new_val lob
accept t default 'LOB'
create table t (id number, c clob) lob (c) store as basicfile l (chunk 8192);
insert into t select level, rpad('x', 6000, 'x') from dual connect by level <= 5;
commit;
create or replace procedure ss(p_segname in varchar2, p_owner in varchar2 default user,
  p_type in varchar2 default 'TABLE', p_partition in varchar2 default null) as
  l_ssm varchar2(255); ub number; uy number; a1 number; b1 number; a2 number; b2 number;
  a3 number; b3 number; a4 number; b4 number; fb number; fy number;
begin
  begin
    execute immediate 'select ts.segment_space_management from dba_segments seg, dba_tablespaces ts where seg.segment_name = :p_segname andn_name"= :p_partition) and seg.owner = :p_owner and seg.tablespace_name = ts.tablespace_name'
      into l_ssm using p_segname, p_partition, p_partition, p_owner;
  exception when too_many_rows then return;
  end;
  if l_ssm = 'AUTO' then
    dbms_space.space_usage(p_owner, p_segname, p_type, ub, uy, a1, b1, a2, b2, a3, b3, a4, b4, fb, fy, p_partition);
    dbms_output.put_line(rpad('Full', 12, '.') || to_char(fb, '999,999,999'));
  else
    dbms_space.free_blocks(p_owner, p_segname, p_type, 0, ub);
  end if;
end;
/
select segment_name from user_lobs where table_name = 'T';
exec ss('&lob', user, '&t');
declare n number; m varchar2(10);
begin
  select s.blocks, t.allocation_type into n, m from user_segments s, user_tablespaces t
   where s.tablespace_name = t.tablespace_name and (s.segment_type = 'TABLE' or s.segment_name = 'X');
  dbms_output.put_line(to_char(trunc(n * 8192 / 1024 / 1024), 'FM0.00') || m);
end;
/
