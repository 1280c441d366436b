create table t (id number, c clob);
begin
  dbms_output.put_line(to_char(1234, '$9,999'));
end;
/
