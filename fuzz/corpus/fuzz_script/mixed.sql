set serveroutput on
rem hello
create table t1 (x int, c clob) lob (c) store as securefile (enable storage in row nocompress);
insert into t1 select rownum, rpad('b',12000,'b') from dual connect by level <= 10000;
commit;
select segment_name, bytes from user_segments;
declare
  v clob := rpad('X', 10000, 'X');
begin
  for i in 1 .. 1000 loop
    insert into t1 values (i, v);
  end loop;
  commit;
end;
/
update t1 set c = c || c where mod(x, 2) = 0 and x between 1 and 100;
exec dbms_lock.sleep(5)
insert into t1 values (1, 'bbbb' || rpad('b', 96, 'b'));
delete from t1 where x > 5 or x < 2;
alter table t1 modify lob (c) (shrink space);
drop table t1 purge;
