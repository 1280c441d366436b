-- a declared cursor over a dictionary view: not modelled (not a false ORA-00942)
create table t (id number, c clob);
declare
  cursor c is select segment_name from user_lobs where table_name = 'T';
begin
  for r in c loop
    dbms_output.put_line(r.segment_name);
  end loop;
end;
/
