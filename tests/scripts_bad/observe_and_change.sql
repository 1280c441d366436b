create table t (id number, c clob) lob (c) store as securefile (retention none);
declare
  l number;
begin
  insert into t values (1, 'x');
  dbms_stats.gather_table_stats('U', 'T');
end;
/
