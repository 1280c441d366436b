create table t (id number primary key, c clob);
declare
  n number := 1;
begin
  if n > 0
    insert into t values (1, null);
  end if;
end;
/
