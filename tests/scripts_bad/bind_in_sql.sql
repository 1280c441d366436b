-- a bind variable in a query
variable n number
create table t (id number, c clob);
select count(*) from t where id = :n;
