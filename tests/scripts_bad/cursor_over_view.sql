-- a PL/SQL cursor over a dictionary view: not modelled (not a false ORA-00942)
create table t (id number, c clob);
begin
  for r in (select segment_name from user_lobs where table_name = 'T') loop
    dbms_output.put_line(r.segment_name);
  end loop;
end;
/
