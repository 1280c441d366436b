create table t as select rownum from dual connect by level <= 3;
create table u (id number, c clob);
