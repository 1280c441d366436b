create table t (id number, b blob);
insert into t values (1, hextoraw(rpad('a', 4, 'b')));
