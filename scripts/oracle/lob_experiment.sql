-- lob_experiment.sql -- the reference LOB experiment on your own database,
-- spooled in a format lobimport reads (scripts/oracle/README.md).
--
--   sqlplus user/password@db @scripts/oracle/lob_experiment.sql ROWS CHARS PATH
--
--   ROWS   rows of the source table t1 (the reference: 10000)
--   CHARS  CLOB length in characters (the reference: 2048 .. 262144)
--   PATH   local  -> insert /*+ append */ into t2 select ... from t1
--          dblink -> insert into t2 select ... from t1@loopback
-- Spools lob_PATH_CHARS.csv: "statistic,value", the deltas of this session's
-- statistics, its TX enqueue requests and v$transaction.used_urec.
-- The TX requests are the instance's (V$ENQUEUE_STATISTICS, a row per
-- request reason of each enqueue type, summed over the reasons of TX -
-- Transaction); the columns are checked by tests/sql_columns.py.
-- Not run by lobsim's tests: no Oracle server is available there.
set echo off feedback off verify off heading off pagesize 0 linesize 200 trimspool on
set numwidth 20 serveroutput on
define rows = &1
define chars = &2
define path = &3

whenever sqlerror continue
drop table t1 purge;
drop table t2 purge;
drop table lobsim_before purge;
whenever sqlerror exit failure

create table t1 (id number primary key, c clob) lob (c) store as securefile;
create table t2 (id number primary key, c clob) lob (c) store as securefile;
declare
    piece varchar2(32767) := rpad('x', 32767, 'x');
    l clob;
begin
    for i in 1 .. &rows loop
        insert into t1 (id, c) values (i, empty_clob()) returning c into l;
        for k in 1 .. ceil(&chars / 32767) loop
            dbms_lob.writeappend(l, least(32767, &chars - (k - 1) * 32767), piece);
        end loop;
    end loop;
    commit;
end;
/

-- before: the session's statistics and its TX enqueue requests
create table lobsim_before as
    select n.name, m.value from v$mystat m join v$statname n on n.statistic# = m.statistic#
    union all
    select 'ENQ: TX - Transaction', sum(total_req#) from v$enqueue_statistics
     where eq_type = 'TX' and eq_name = 'Transaction';

column undo_recs new_value undo_recs
-- the insert, on the path asked for, before the commit
variable path varchar2(10)
exec :path := '&path'
declare
begin
    if :path = 'dblink' then
        execute immediate 'insert into t2 select * from t1@loopback';
    else
        execute immediate 'insert /*+ append */ into t2 select * from t1';
    end if;
end;
/
select t.used_urec undo_recs from v$transaction t join v$session s on s.taddr = t.addr
 where s.sid = sys_context('userenv', 'sid');

spool lob_&path._&chars..csv
prompt statistic,value
select '"' || a.name || '",' || (a.value - b.value)
  from (select n.name, m.value from v$mystat m join v$statname n on n.statistic# = m.statistic#
        union all
        select 'ENQ: TX - Transaction', sum(total_req#) from v$enqueue_statistics
         where eq_type = 'TX' and eq_name = 'Transaction') a
  join lobsim_before b on b.name = a.name
 where a.value <> b.value;
prompt "v$transaction.used_urec",&undo_recs
spool off
commit;
exit
