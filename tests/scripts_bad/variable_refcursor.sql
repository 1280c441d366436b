-- a VARIABLE of a type the model does not keep
variable rc refcursor
create table t (id number, c clob);
