-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://github.com/shummmik/DatamolaDataCamping22/blob/e6c2043f5b97165b4f5a1c30c9d0f78e2cd22d54/U01/LW3/Task2.sql
--          DatamolaDataCamping22, U01/LW3/Task2.sql; the author's output in
--          U01/LW3/Task_2.md at the same commit
-- Author:  A. Shumilov (shummmik)
-- Date:    last changed 2022-08-04 (commit 34ac1be)
-- Oracle:  not stated (its GET_DDL output shows SecureFile LOBs by default: 12c or later)
-- Tests:   a table with a CLOB and a BLOB, DEFERRED against IMMEDIATE segment creation:
--          which segments user_segments lists after each create.
-- Taken:   the file at that commit, byte for byte.
-- Published figures: after the deferred create no segment of T; after SEGMENT CREATION
--          IMMEDIATE six: T (TABLE), two LOBSEGMENTs SYS_LOB...C00002$$ and C00003$$,
--          two LOBINDEXes SYS_IL...C00002$$ and C00003$$, the primary key's INDEX
--          SYS_C007057 (besides an object of the author's from before).
-- ==========================================================================
CREATE TABLE t (
	x INT PRIMARY KEY,
	y CLOB,
	z BLOB
	);
commit;

select segment_name, segment_type from user_segments; 

DROP TABLE t;
commit;

CREATE TABLE t (
	x INT PRIMARY KEY,
	y CLOB,
	z BLOB
	) SEGMENT CREATION IMMEDIATE;
commit;

SELECT segment_name, segment_type FROM user_segments; 

SELECT DBMS_METADATA.GET_DDL('TABLE','T') FROM dual;

DROP TABLE t;
commit;