create table t (id number primary key, c clob)
lob (c) store as securefile (retention none);
insert into t select level, rpad(to_clob('x'), 8000, 'x') from dual connect by level <= 100;
commit;
update t set c = rpad(to_clob('y'), 16000, 'y') where id <= 50;
rollback;
update t set c = c || c where id <= 10;
commit;
delete from t where mod(id, 3) = 0;
commit;
alter table t modify lob (c) (shrink space);
