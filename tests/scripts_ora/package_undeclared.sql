create table t (id number, c clob);
execute runstats_pkg.rs_start;
insert into t values (1, 'x');
