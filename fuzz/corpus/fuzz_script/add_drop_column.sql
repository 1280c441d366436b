create table t (id number, c clob, v varchar2(10));
alter table t add (d clob, n number default 0 not null);
alter table t add e blob;
alter table t add (c clob);
alter table t drop column c;
alter table t drop (v, n) cascade constraints checkpoint 100;
alter table t drop column zz;
alter table t drop (d, e, id);
alter table t add (f clob default empty_clob());
