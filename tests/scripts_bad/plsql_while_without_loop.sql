create table t (id number primary key, c clob);
declare
  n number := 0;
begin
  while n < 3
    n := n + 1;
  end loop;
end;
/
