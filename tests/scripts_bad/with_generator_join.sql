create table t (id number, c clob);
create table u (id number, c clob);
insert into t with g as (select 1 from dual connect by level <= 5) select rownum, null from g, u;
