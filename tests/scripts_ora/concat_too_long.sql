create table t (id number, c clob) lob (c) store as securefile (retention none);
insert into t values (1, rpad('x', 4000, 'x') || 'y');
