-- awr_snapshot.sql -- an AWR snapshot of every instance, for the cluster
-- experiment (scripts/oracle/README.md, docs/rac.md): take one before your
-- workload runs and one after, then awr_report.sql between them.
--
--   sqlplus system/password@db @scripts/oracle/awr_snapshot.sql
--
-- Prints the snapshot's id.  Needs the Diagnostics Pack licence, as AWR does.
-- Not run by lobsim's tests: no Oracle server is available there.
set echo off feedback off verify off heading off
variable snap number
exec :snap := dbms_workload_repository.create_snapshot()
print snap
exit
