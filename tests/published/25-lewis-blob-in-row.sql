-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://jonathanlewis.wordpress.com/2023/02/01/lob-space-redux/
--          "Lob Space redux" (script blob_in_row.sql)
-- Author:  Jonathan Lewis
-- Date:    script dated Jan 2023; post 2023-02-01
-- Oracle:  last tested 19.11.0.0 and 11.2.0.4 (the script's own header)
-- Tests:   a BLOB with ENABLE STORAGE IN ROW as BasicFile and as SecureFile, data close
--          to the length at which it goes out of row.
-- Taken:   the script as the post shows it, byte for byte, as far as the stored copy
--          of the page we could read goes.
-- Completed: that copy ends inside "alter table t1b add constraint t1b_pk primary key (";
--          the rest of that statement ("id)" and its "/") is ours, and nothing after it
--          (the post's inserts and block dumps) is here.
-- Published figures: none in the part we could read.
-- ==========================================================================
rem
rem     Script:         blob_in_row.sql
rem     Author:         Jonathan Lewis
rem     Dated:          Jan 2023
rem
rem     Last tested 
rem             19.11.0.0
rem             11.2.0.4
rem 

create table t1b (
        id      number(3,0),
        pad     varchar2(2000),
        b1      blob
)
lob(b1) store as
        basicfile
        basblob (
                enable storage in row
        )
/

create table t1s (
        id      number(3,0),
        padding varchar2(2000),
        b1      blob
)
lob(b1) store as
        securefile
        secblob (
                enable storage in row
        )
/

alter table t1b add constraint t1b_pk primary key (
-- completion: the stored copy ends at "primary key ("; the rest is ours
id)
/
