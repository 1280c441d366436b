create table t (id number primary key, c clob)
lob (c) store as securefile (cache);
-- lobsim session: 1
insert into t values (1, rpad(to_clob('a'), 30000, 'a'));
commit;
-- lobsim session: 2
insert into t values (2, rpad(to_clob('b'), 9000, 'b'));
rollback;
-- lobsim session: all
insert into t select level, rpad(to_clob('c'), 4000, 'c') from dual connect by level <= 20;
commit;
