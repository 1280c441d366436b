create table t (id number, c clob, b blob) lob (c) store as basicfile (disable storage in row) lob (b) store as securefile;
insert into t select rownum, rpad(to_clob('x'), 30000, 'x'), null from dual connect by level <= 40;
alter table t modify lob (c) (deallocate unused keep 0);
update t set c = empty_clob();
alter table t modify lob (c) (deallocate unused keep 1m);
alter table t modify lob (b) (deallocate unused);
alter table t modify lob (c) (shrink space);
insert into t select rownum, rpad(to_clob('y'), 9000, 'y'), null from dual connect by level <= 10;
alter table t modify lob (c) (deallocate unused);
