-- awr_report.sql -- the AWR reports of the cluster experiment between two
-- snapshots (awr_snapshot.sql), spooled for lobimport:
--
--   sqlplus system/password@db @scripts/oracle/awr_report.sql BEGIN_SNAP END_SNAP KB
--
--   awr_global_KBk.html  the global (RAC) report, as awrgrpt.sql writes it
--                        (HTML: lobimport reads the global report as HTML)
--   awr_inst1_KBk.txt    one report per instance, as awrrpt.sql writes it
--   awr_inst2_KBk.txt
-- KB, the database's default block size in KB, only names the files (the
-- report says it too).  Run the workload once per block size (the study: a
-- database created with 8 KB, then one with 4 KB blocks), each between its
-- own pair of snapshots.
-- Not run by lobsim's tests: no Oracle server is available there.
set echo off feedback off verify off heading off pagesize 0 linesize 1500 trimspool on
set long 1000000 longchunksize 1000000
define bsnap = &1
define esnap = &2
define kb = &3
column dbid new_value dbid
select dbid from v$database;

spool awr_global_&kb.k.html
select output from table(dbms_workload_repository.awr_global_report_html(
    &dbid, '', &bsnap, &esnap));
spool off
spool awr_inst1_&kb.k.txt
select output from table(dbms_workload_repository.awr_report_text(&dbid, 1, &bsnap, &esnap));
spool off
spool awr_inst2_&kb.k.txt
select output from table(dbms_workload_repository.awr_report_text(&dbid, 2, &bsnap, &esnap));
spool off
exit
