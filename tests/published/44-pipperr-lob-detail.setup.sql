-- A schema with a LOB table for Gunther Pipperr's report (ours).  The script is called
-- as "@lob_detail <owner> <table>": &1 is GPI, &2 DOCS.
define 1 = GPI
define 2 = DOCS
create user gpi identified by gpi;
create table gpi.docs (id number primary key, body clob) lob (body) store as securefile;
insert into gpi.docs select level, rpad(to_clob('x'), 20000, 'x') from dual connect by level <= 100;
delete from gpi.docs where id > 50;
commit;
