create table t (id number primary key, c clob);
begin
  for r in (select id from t where id > 1 loop
    null;
  end loop;
end;
/
