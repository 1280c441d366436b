create table t (id number, c clob) lob (c) store as securefile (retention none);
declare
  v varchar2(100) := rpad('x', 200, 'x');
begin
  insert into t values (1, v);
end;
/
