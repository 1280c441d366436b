create table t (id number, c clob);
create sequence s increment by 0;
