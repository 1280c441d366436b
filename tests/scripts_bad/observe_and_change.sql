create table t (id number, c clob) lob (c) store as securefile (retention none);
declare
  l number;
begin
  insert into t values (1, 'x');
  dbms_space.space_usage('U', 'T', 'TABLE', l, l, l, l, l, l, l, l);
end;
/
