create table t (id number, c clob);
create table u (id number, c clob);
insert into t with g as (select id from u) select rownum, null from g;
