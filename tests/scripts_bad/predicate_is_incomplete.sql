create table t (id number primary key, c clob);
delete from t where c is not;
