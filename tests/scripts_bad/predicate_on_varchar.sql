create table t (id number, name varchar2(10), c clob) lob (c) store as securefile (retention none);
delete from t where name = 'x';
