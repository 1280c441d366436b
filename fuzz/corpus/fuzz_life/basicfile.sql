create table t (id number primary key, c clob)
lob (c) store as basicfile (retention);
insert into t select level, rpad(to_clob('x'), 12000, 'x') from dual connect by level <= 300;
commit;
delete from t where id <= 200;
commit;
exec dbms_session.sleep(2)
insert into t select level + 1000, rpad(to_clob('z'), 12000, 'z') from dual connect by level <= 150;
commit;
