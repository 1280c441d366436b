-- A table with a LOB for Tanel Poder's lookup (ours).  The script is called as
-- "@lob <table or owner.table>": &1 is DOCS.
define 1 = DOCS
create table docs (id number primary key, body clob) lob (body) store as securefile;
insert into docs values (1, rpad(to_clob('x'), 10000, 'x'));
commit;
