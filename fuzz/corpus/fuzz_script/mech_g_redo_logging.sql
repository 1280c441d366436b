-- mech_g_redo_logging: redo of the same out-of-row CLOB inserts under
-- NOCACHE LOGGING and CACHE LOGGING differs as the published figures say,
-- in direction and order of magnitude (issue 29, "Done when" (g); the
-- published test is scenarios/redo_cache.sql and redo_nocache.sql).  Ours.
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table nc (id number, c clob) lob (c) store as securefile (disable storage in row nocache logging);
create table ca (id number, c clob) lob (c) store as securefile (disable storage in row cache logging);

select sn.name, ms.value from v$mystat ms, v$statname sn
where sn.statistic# = ms.statistic# and sn.name in ('redo size', 'redo entries');
insert into nc select rownum, rpad('x', 4000) from all_objects where rownum <= 1000;
commit;
select sn.name, ms.value from v$mystat ms, v$statname sn
where sn.statistic# = ms.statistic# and sn.name in ('redo size', 'redo entries');
insert into ca select rownum, rpad('x', 4000) from all_objects where rownum <= 1000;
commit;
select sn.name, ms.value from v$mystat ms, v$statname sn
where sn.statistic# = ms.statistic# and sn.name in ('redo size', 'redo entries');
