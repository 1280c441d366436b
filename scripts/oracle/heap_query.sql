-- heap_query.sql -- one query of heap_experiment.sql: &sql with arraysize
-- &arraysize, its rows fetched and thrown away (set autotrace traceonly
-- statistics), and this session's v$mystat deltas spooled to
-- heap_&query._&kb.k.csv as "statistic,value".
truncate table lobsim_before;
insert into lobsim_before
    select n.name, m.value from v$mystat m join v$statname n on n.statistic# = m.statistic#;
commit;
set arraysize &arraysize
set autotrace traceonly statistics
&sql;
set autotrace off
set heading off pagesize 0
spool heap_&query._&kb.k.csv
prompt statistic,value
select '"' || n.name || '",' || (m.value - b.value)
  from v$mystat m join v$statname n on n.statistic# = m.statistic#
  join lobsim_before b on b.name = n.name
 where m.value <> b.value;
spool off
set heading on pagesize 100
