create table t (id number, b blob);
insert into t values (1, hextoraw('0G'));
