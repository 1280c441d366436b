create table t (id number, c clob);
insert into t values (1, empty_clob()) returning c into l;
