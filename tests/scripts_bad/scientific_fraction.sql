create table t (id number, c clob);
insert into t select level, null from dual connect by level <= 1.25e1;
