create table t (id number, a varchar2(10), b varchar2(10), d varchar2(10), e varchar2(10), name varchar2(10), c clob) lob (c) store as securefile (retention none);
delete from t where name = 'x';
