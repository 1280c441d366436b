create table t (id number, c clob) lob (c) store as securefile (retention none);
merge into t using dual on (1 = 1) when matched then update set c = 'x';
