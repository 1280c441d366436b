-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://support.oracle.com/knowledge/Oracle%20Database%20Products/422826_1.html
--          My Oracle Support Doc ID 422826.1 "How To Identify LOB Segment Use
--          PCTVERSION Or RETENTION From Data Dictionary" (public summary page; the
--          same text is republished at abdul-hafeez-kalsekar-tuning.blogspot.com,
--          2024/01)
-- Author:  Oracle Support
-- Date:    last updated 2017-06-20
-- Oracle:  9.0.1.4 to 9.2.0.8 (and 11.2.0.3)
-- Tests:   a BasicFile BLOB with PCTVERSION 5 beside one with RETENTION, tiny extents
--          (STORAGE (INITIAL 5k NEXT 5k)) in USERS; what DBA_LOBS shows; then a switch
--          of the second to PCTVERSION.
-- Taken:   the statements typed at SQL>, in order; prompts and Oracle's answers removed.
-- Completed: the stored copy of the page we could read ends inside the last query
--          ("select table_name, se"); its end is ours, as the same query as above.
-- Published figures: DBA_LOBS shows PCTVERSION 5 / RETENTION 10800 and PCTVERSION 10 /
--          RETENTION 10800 (the dictionary, not space).
-- ==========================================================================
CREATE TABLE lobpctversion
(LOBLOC blob,id NUMBER)
LOB ( lobLoc ) STORE AS
(TABLESPACE users STORAGE (INITIAL 5k NEXT 5k PCTINCREASE 0) pctversion 5);

CREATE TABLE lobretention
(LOBLOC blob,id NUMBER)
LOB ( lobLoc ) STORE AS
(TABLESPACE users STORAGE (INITIAL 5k NEXT 5k PCTINCREASE 0) retention);

select table_name, segment_name, pctversion, retention
from dba_lobs where table_name in ('LOBPCTVERSION', 'LOBRETENTION');

alter table lobretention modify lob(lobLoc) (pctversion 5);

-- completion: the stored copy ends at "select table_name, se"; the rest is ours
select table_name, segment_name, pctversion, retention
from dba_lobs where table_name in ('LOBPCTVERSION', 'LOBRETENTION');
