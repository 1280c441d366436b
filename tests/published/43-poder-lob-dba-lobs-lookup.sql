-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://github.com/tanelpoder/tpt-oracle/blob/45f0a4e1550200ebb53c31b5dc9e5fbbacc2e734/lob.sql
--          tpt-oracle, lob.sql
-- Author:  Tanel Poder
-- Date:    2018-05-15 (the file's last change, commit 573e876)
-- Oracle:  not stated
-- Tests:   dba_lobs of a table named on the command line (&1, the setup answers it).
-- Taken:   the file at that commit, byte for byte.
-- Published figures: none.
-- ==========================================================================
-- Copyright 2018 Tanel Poder. All rights reserved. More info at http://tanelpoder.com
-- Licensed under the Apache License, Version 2.0. See LICENSE.txt for terms & conditions.

col column_name for a30

select * from dba_lobs 
where
(  upper(table_name) LIKE 
        upper(CASE 
          WHEN INSTR('&1','.') > 0 THEN 
              SUBSTR('&1',INSTR('&1','.')+1)
          ELSE
              '&1'
          END
             ) ESCAPE '\'
AND owner LIKE
    CASE WHEN INSTR('&1','.') > 0 THEN
      UPPER(SUBSTR('&1',1,INSTR('&1','.')-1))
    ELSE
      user
    END ESCAPE '\'
)
OR
(  upper(segment_name) LIKE 
        upper(CASE 
          WHEN INSTR('&1','.') > 0 THEN 
              SUBSTR('&1',INSTR('&1','.')+1)
          ELSE
              '&1'
          END
             ) ESCAPE '\'
AND owner LIKE
    CASE WHEN INSTR('&1','.') > 0 THEN
      UPPER(SUBSTR('&1',1,INSTR('&1','.')-1))
    ELSE
      user
    END ESCAPE '\'
)
/
