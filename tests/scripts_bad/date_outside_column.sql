-- sysdate outside a DATE column's value: not modelled (not a false ORA-00904)
create table t (id number, c clob);
begin
  dbms_output.put_line(sysdate);
end;
/
