-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://mustafakalayci.me/2019/07/31/clob-size-matters/
--          "CLOB size matters!"
-- Author:  Mustafa Kalayci
-- Date:    2019-07-31 (updated 2020-07-05)
-- Oracle:  not stated by the source
-- Tests:   the in-row limit of a CLOB (ENABLE STORAGE IN ROW, the default): 10,000
--          CLOBs of 4,000 characters go out of row.
-- Taken:   the article's code block (lines 1 to 19), byte for byte; the results
--          the author wrote as comments ("--576", "--98496") are part of it.
-- Published figures: table segment 576 KB, LOB segment 98,496 KB.  The article
--          then reports the same code run with 3,964 characters (table 81,920 KB,
--          LOB segment 128 KB); that second code block is not in the stored copy of
--          the page we could read, so it is not here.
-- ==========================================================================
create table tmp_lob (mydata clob);
 
insert into tmp_lob
  select lpad('1', 4000, '1')
  from dual
  connect by level <= 10000;
commit;
 
select bytes/1024 size_in_KB
from   user_segments
where  segment_name ='TMP_LOB';
--------------------------------------
--576
 
select bytes/1024 size_in_KB
from   user_segments
where  segment_name = (select l.segment_name from dba_lobs l where table_name = 'TMP_LOB');
-----------------------------------
--98496
