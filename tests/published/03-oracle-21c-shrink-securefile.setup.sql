-- What step 1's setup_LOB.sh runs, as the practice's page shows it.  Left out:
-- its DROP TABLESPACE of a tablespace a fresh database does not have, and its EXIT.
CREATE TABLESPACE tbs_for_users DATAFILE SIZE 500M;
create user hr identified by password default tablespace tbs_for_users;
grant dba to hr;
