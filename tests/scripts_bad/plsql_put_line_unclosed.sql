begin
  dbms_output.put_line('x';
end;
/
