declare
  s varchar2(100) := 'drop table t';
begin
  execute immediate s;
end;
/
