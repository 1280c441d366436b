create table t (id number, c clob) lob (c) store as securefile (retention none);
begin
  for i in 1 .. 10 loop
    insert into t values (i, v);
  end loop;
end;
/
