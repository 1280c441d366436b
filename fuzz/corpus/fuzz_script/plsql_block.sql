begin
  execute immediate 'drop table t purge';
exception when others then null;
end;
/
create table t (id number primary key, c clob) lob (c) store as securefile (retention none);
declare
  n number := 0;
  l_small varchar2(100) := rpad('x', 100, 'x');
  l_big clob := rpad(to_clob('y'), 20000, 'y');
  k pls_integer;
begin
  for i in 1 .. 10 loop
    insert into t values (i, l_small);
    if mod(i, 2) = 0 then
      update t set c = l_big where id = i;
    elsif i = 5 then
      delete from t where id = i;
    else
      null;
    end if;
    n := n + 1;
  end loop;
  commit;
  k := 0;
  while k < 3 loop
    k := k + 1;
    dbms_output.put_line('k=' || k);
  end loop;
  loop
    k := k - 1;
    exit when k <= 0;
  end loop;
  for r in (select id, c from t where id > 6) loop
    dbms_output.put_line('row ' || r.id);
    delete from t where id = r.id;
  end loop;
  for i in reverse 1 .. 3 loop
    dbms_output.put_line('rev ' || i);
  end loop;
  commit;
  dbms_output.put_line('n=' || n);
end;
/
begin
  raise_application_error(-20001, 'boom');
end;
/
select count(*) from t;
