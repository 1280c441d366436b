create table t (id number, c clob);
create sequence s start with 1 increment 5;
