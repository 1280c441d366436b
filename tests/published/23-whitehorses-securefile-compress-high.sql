-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://blog.whitehorses.nl/2010/01/29/oracle-securefiles-compress-validation-row-level/
--          "Oracle Securefiles compress validation row level"
-- Author:  Whitehorses blog (schema JVDOORD; author's name not on the stored copy)
-- Date:    2010-01-29
-- Oracle:  11g
-- Tests:   a SecureFile CLOB with COMPRESS HIGH: 1,000 rows of 2,000 characters but one
--          of 100,000, that one then doubled 12 times by updates in a loop.
-- Taken:   the post's code, byte for byte, in order; the output of its query removed.
-- Completed: nothing; the stored copy of the page we could read ends at "See here the
--          results of adding rows into t", before the next query.
-- Published figures: the LOB segment SF_CLOB_DATA 0.125 MB after the create.
-- ==========================================================================
create table securefile_tab
(contract_id number(12)
,contract_name varchar2(80)
,file_size number
,clob_data clob
) tablespace users
lob (clob_data) store as securefile sf_clob_data
(compress high
tablespace users
);
select l.owner,l.segment_name, s.bytes/1024/1024 Mb,l.compression,l.securefile
from dba_lobs l,
dba_segments s
where (l.owner||l.segment_name)=(s.owner||s.segment_name)
and l.owner ='JVDOORD';
DECLARE
l_clob CLOB := RPAD('Y', 2000, 'Y');
BEGIN
FOR i IN 1 .. 1000 LOOP
if i=123
then
INSERT INTO securefile_tab(contract_id,contract_name,file_size,clob_data )
VALUES (i, 'Contract'||i,null,RPAD('X', 100000, 'X'));
ELSE
INSERT INTO securefile_tab(contract_id,contract_name,file_size,clob_data )
VALUES (i, 'Contract'||i,null,l_clob);
end if;
END LOOP;
COMMIT;
END;
/
Begin
FOR a in 1..12
LOOP
update securefile_tab
SET clob_data = clob_data||clob_data
WHERE CONTRACT_ID = 123;
commit;
END LOOP;
update securefile_tab
set file_size =dbms_lob.getlength(clob_data);
commit;
END;
/
