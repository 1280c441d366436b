create table t (id number, c clob);
begin
  log_it('started');
end;
/
