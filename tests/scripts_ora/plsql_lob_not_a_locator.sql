declare
  n number;
begin
  dbms_lob.writeappend(n, 1, 'x');
end;
/
