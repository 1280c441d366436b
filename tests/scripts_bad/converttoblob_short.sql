-- dbms_lob.converttoblob with its argument list cut short
create table t (id number, b blob);
declare
  c clob := 'abc'; b blob; o1 integer := 1; o2 integer := 1;
begin
  dbms_lob.createtemporary(b, true);
  dbms_lob.converttoblob(b, c, 3, o1, o2);
end;
/
