create table t (id number, c clob);
declare
  l clob; a number := 10; n number;
begin
  dbms_lob.read(l, a, 1, n);
end;
/
