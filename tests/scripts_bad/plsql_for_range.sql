create table t (id number primary key, c clob);
begin
  for i in 1 10 loop
    null;
  end loop;
end;
/
