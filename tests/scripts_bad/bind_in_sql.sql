-- a bind variable in a plain SQL statement
variable n number
create table t (id number, c clob);
insert into t values (:n, null);
