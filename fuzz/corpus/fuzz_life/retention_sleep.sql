create table t (id number primary key, c clob)
lob (c) store as securefile (retention min 2);
begin
  for i in 1 .. 16 loop
    insert into t values (i, rpad(to_clob('x'), 20000, 'x'));
    commit;
  end loop;
  delete from t;
  commit;
  dbms_session.sleep(3);
  for i in 1 .. 16 loop
    insert into t values (i, rpad(to_clob('y'), 20000, 'y'));
    commit;
  end loop;
end;
/
