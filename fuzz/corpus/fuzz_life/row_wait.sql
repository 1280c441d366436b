create table t (id number, c clob) lob (c) store as securefile;
-- lobsim rows: shared
-- lobsim session: 1
insert into t values (1, rpad(to_clob('a'), 9000, 'a'));
commit;
update t set c = rpad(to_clob('b'), 9000, 'b') where id = 1;
exec dbms_session.sleep(1)
commit;
-- lobsim session: 2
exec dbms_session.sleep(0.5)
update t set c = c || c where id = 1;
rollback;
-- lobsim session: all
-- lobsim rows: own
delete from t;
commit;
