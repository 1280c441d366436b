declare
  l clob;
begin
  dbms_lob.frobnicate(l);
end;
/
