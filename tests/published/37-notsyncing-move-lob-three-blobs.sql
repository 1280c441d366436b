-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://notsyncing.org/2008/01/recuperar-espacio-en-un-tablespace-con-datos-blob/
--          "Recuperar espacio en un tablespace con datos BLOB"
-- Author:  notsyncing.org (the stored copy does not name the author)
-- Date:    January 2008
-- Oracle:  10g (not stated; 2008)
-- Tests:   the space three BLOB columns take by segment, then each LOB moved to another
--          tablespace (ALTER TABLE ... MOVE LOB) to give the space back.
-- Taken:   the post's statements, in order, from the stored copy of the page.
-- Published figures: none (the post gives the commands, not their output).
-- ==========================================================================
Select Sum (Bytes) / 1024 / 1024, segment_name, segment_type
From user_segments
Where tablespace_name Like 'LOBTEST%'
Group By segment_name, segment_type;

ALTER TABLE t MOVE LOB(x) STORE AS ( TABLESPACE lobtest2 );
ALTER TABLE t MOVE LOB(y) STORE AS ( TABLESPACE lobtest2 );
ALTER TABLE t MOVE LOB(z) STORE AS ( TABLESPACE lobtest2 );
