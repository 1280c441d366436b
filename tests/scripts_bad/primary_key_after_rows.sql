create table t (id number, c clob);
insert into t values (1, null);
alter table t add constraint t_pk primary key (id);
