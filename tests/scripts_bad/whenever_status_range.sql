create table t (id number, c clob);
whenever sqlerror exit 300
