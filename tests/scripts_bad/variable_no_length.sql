-- a VARCHAR2 VARIABLE without its length
create table t (id number, c clob);
variable s varchar2
