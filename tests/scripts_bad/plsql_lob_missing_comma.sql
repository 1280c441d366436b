create table t (id number, c clob);
declare
  l clob;
begin
  dbms_lob.writeappend(l, 3 'abc');
end;
/
