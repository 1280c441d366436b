create table t (id number primary key, c clob) lob (c) store as securefile (retention none);
create or replace procedure add_rows(p_from in number, p_n in number default 2, p_len number := 10) is
  k number := 0;
begin
  while k < p_n loop
    insert into t values (p_from + k, rpad('x', p_len, 'x'));
    k := k + 1;
  end loop;
end add_rows;
/
create or replace procedure count_blocks(p_seg varchar2, p_used out number) as
  sb number; sy number; ub number; uy number; eb number; ey number; xb number; xy number;
  procedure say(p_label in varchar2, p_num in number) is
  begin
    if p_num is null then
      dbms_output.put_line(p_label || ' none');
      return;
    end if;
    dbms_output.put_line(rpad(p_label, 8, '.') || p_num);
  end;
begin
  dbms_space.space_usage(user, p_seg, 'LOB', sb, sy, ub, uy, eb, ey, xb, xy);
  p_used := ub;
  say('seg', sb);
  say('nothing', null);
end;
/
exec add_rows(1)
begin
  for i in 1 .. 3 loop
    add_rows(p_n => 1, p_from => 100 + i, p_len => 20000);
  end loop;
end;
/
commit;
declare
  u number;
begin
  count_blocks('SYS_LOB0000000001C00002$$', u);
  dbms_output.put_line('used ' || u);
end;
/
create procedure add_rows is begin null; end;
/
drop procedure nothing_here;
exec add_rows
drop procedure add_rows;
exec count_blocks('X')
