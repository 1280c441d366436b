create table t (id number primary key, c clob);
begin
  for i in 1 .. 10 loop
    insert into t values (i, null);
  commit;
end;
/
