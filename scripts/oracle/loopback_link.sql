-- loopback_link.sql -- the database link the remote insert goes through: a
-- link from your schema back to the same database (scripts/oracle/README.md).
--
--   sqlplus user/password@db @scripts/oracle/loopback_link.sql PASSWORD TNS_ALIAS
define pw = &1
define tns = &2
create database link loopback connect to &_USER identified by "&pw" using '&tns';
select * from dual@loopback;
exit
