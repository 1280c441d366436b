-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://connor-mcdonald.com/tag/securefile/  (post "LOBs and tiny typos")
-- Author:  Connor McDonald
-- Date:    not on the stored copy (a tag page)
-- Oracle:  not stated (the published SECUREFILE = NO after the typo says the database
--          did not default to SecureFile: DB_SECUREFILE PERMITTED, or 11g)
-- Tests:   STORE AS SECURFILE (a typo) names the LOB segment SECURFILE and leaves the
--          storage to DB_SECUREFILE; SECUREFILE spelt right makes a SecureFile.
-- Taken:   the statements typed at SQL>, in order; prompts, continuation line numbers
--          and Oracle's answers removed.
-- Published figures: USER_LOBS.SECUREFILE = NO with the typo (segment name SECURFILE),
--          YES without.
-- ==========================================================================
create table t1 ( b blob ) lob ( b ) store as securfile;
select securefile
from   user_lobs
where  table_name = 'T1';
select segment_name
from   user_lobs
where  table_name = 'T1';
drop table t1 purge;
create table t1 ( b blob ) lob ( b ) store as securefile;
select securefile
from   user_lobs
where  table_name = 'T1';
