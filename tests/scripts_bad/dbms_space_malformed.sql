create table t (id number, c clob) lob (c) store as securefile;
declare
  n number;
begin
  dbms_space.unused_space('U', 'T', 'LOB', n, n, n, n, n, n, n,;
end;
/
