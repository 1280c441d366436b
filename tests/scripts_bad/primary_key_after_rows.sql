-- a primary key added after the rows were used, on a column other than the one numbering them
create table t (id number, n number, c clob);
insert into t values (1, 1, null);
alter table t add constraint t_pk primary key (n);
