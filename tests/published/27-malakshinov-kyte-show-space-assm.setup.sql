-- The database and the prompts' answers for 27-malakshinov-kyte-show-space-assm.sql
-- (ours): a table with a BasicFile CLOB in USERS (ASSM), 200 rows of 6,000
-- characters, and the answers typed at the script's two prompts without a default.
create table lob_demo (id number primary key, doc clob)
  lob (doc) store as basicfile (disable storage in row chunk 8192);
insert into lob_demo select level, rpad('x', 6000, 'x') from dual connect by level <= 200;
commit;
define _segowner = LOBSIM
define _segname = LOB_DEMO
