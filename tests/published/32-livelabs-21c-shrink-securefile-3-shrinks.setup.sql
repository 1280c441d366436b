-- What the lab's setup_LOB.sh runs (as its page shows it), for
-- 32-livelabs-21c-shrink-securefile-3-shrinks.sql.  Left out: the keystore commands,
-- DROP TABLESPACE users / CREATE TABLESPACE users (USERS exists in the model's
-- fresh database) and EXIT.
create user hr identified by password default tablespace users;
grant dba to hr;
