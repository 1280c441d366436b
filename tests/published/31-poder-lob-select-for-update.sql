-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://github.com/tanelpoder/tpt-oracle/blob/45f0a4e1550200ebb53c31b5dc9e5fbbacc2e734/experiments/lob_select_for_update.sql
--          tpt-oracle, experiments/lob_select_for_update.sql
-- Author:  Tanel Poder
-- Date:    2018-05-15 (the file's last change, commit 573e876)
-- Oracle:  not stated
-- Tests:   a CLOB doubled nine times by updates (2 KB to 1 MB), then a select for update
--          after a checkpoint and log switches: what the lock writes (its redo read by @log).
-- Taken:   the file at that commit, byte for byte.
-- Published figures: none (the output is the author's redo dump, read by his @log script).
-- ==========================================================================
-- Copyright 2018 Tanel Poder. All rights reserved. More info at http://tanelpoder.com
-- Licensed under the Apache License, Version 2.0. See LICENSE.txt for terms & conditions.

DROP TABLE tlob;
CREATE TABLE tlob (a INT, b CLOB);

INSERT INTO tlob VALUES(1, LPAD('x',2048,'x'));
UPDATE tlob SET b = b||b;
UPDATE tlob SET b = b||b;
UPDATE tlob SET b = b||b;
UPDATE tlob SET b = b||b;
UPDATE tlob SET b = b||b;
UPDATE tlob SET b = b||b;
UPDATE tlob SET b = b||b;
UPDATE tlob SET b = b||b;
UPDATE tlob SET b = b||b;

COMMIT;

SELECT DBMS_LOB.GETLENGTH(b) FROM tlob;

DROP TABLE tdummy;
CREATE table tdummy AS SELECT * FROM all_objects;

DELETE tdummy; 

ALTER SYSTEM CHECKPOINT;
ALTER SYSTEM SWITCH LOGFILE;

SELECT * FROM tlob WHERE a=1 FOR UPDATE;
COMMIT;

@log

ALTER SYSTEM SWITCH LOGFILE;

