create table t (id number primary key, c clob) lob (c) store as securefile;
declare
  oops exception;
  wrong_ssm exception;
  pragma exception_init(wrong_ssm, -10614);
  n number;
begin
  insert into t values (1, 'a');
  begin
    insert into t values (1, 'b');
  exception
    when no_data_found then dbms_output.put_line('ndf');
    when dup_val_on_index or too_many_rows then
      dbms_output.put_line('dup ' || sqlcode || ' ' || sqlerrm);
  end;
  begin
    select id into n from t where id = 7;
  exception
    when others then dbms_output.put_line('others ' || sqlcode);
  end;
  begin
    raise oops;
  exception
    when wrong_ssm then dbms_output.put_line('wrong');
    when oops then dbms_output.put_line('oops ' || sqlcode || ' ' || sqlerrm);
  end;
  begin
    raise wrong_ssm;
  exception
    when wrong_ssm then dbms_output.put_line('ssm ' || sqlcode);
  end;
  begin
    begin
      raise oops;
    exception
      when no_data_found then null;
    end;
  exception
    when oops then dbms_output.put_line('outer oops');
  end;
  raise too_many_rows;
end;
/
begin
  raise no_data_found;
exception
  when others then
    dbms_output.put_line(sqlerrm);
    raise;
end;
/
insert into t select level, rpad('x', 100 * level, 'x') from dual connect by level <= 4;
commit;
declare
  cursor c1 is select id, c from t where id >= 2;
  v_id number;
  v_c clob;
begin
  open c1;
  loop
    fetch c1 into v_id, v_c;
    exit when c1%notfound;
    dbms_output.put_line(v_id || ' ' || dbms_lob.getlength(v_c) || ' #' || c1%rowcount);
  end loop;
  close c1;
  dbms_output.put_line('fetched ' || c1%rowcount);
  open c1;
  fetch c1 into v_id, v_c;
  if c1%found then
    dbms_output.put_line('again ' || v_id);
  end if;
  close c1;
end;
/
declare
  done boolean := false;
  big boolean;
  n number := 0;
begin
  while not done loop
    n := n + 1;
    insert into t values (n, rpad('x', 100, 'x'));
    done := n >= 3;
  end loop;
  big := n > 10;
  if big then
    dbms_output.put_line('big');
  elsif not big then
    dbms_output.put_line('small ' || n);
  end if;
  big := null;
  if big is null then
    dbms_output.put_line('unknown');
  end if;
  if not big then
    dbms_output.put_line('never');
  end if;
end;
/
insert into t select level, 'x' from dual connect by level <= 7;
declare
  n number;
  a number;
  b number;
  z number;
begin
  select count(*) into n from t;
  select max(id) into a from t where id < 5;
  select min(id) into b from t where id > 2;
  select max(id) into z from t where id > 100;
  dbms_output.put_line(n || ' ' || a || ' ' || b || ' [' || z || ']');
  select count(1) into n from t where id > 100;
  dbms_output.put_line(n);
end;
/
