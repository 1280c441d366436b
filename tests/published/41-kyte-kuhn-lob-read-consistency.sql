-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://github.com/Apress/expert-oracle-db-architecture-4e/blob/b14f874a1b890a1c8dc15c84efa1446ddfa03cc5/ch12/demo30.sql
--          code of Expert Oracle Database Architecture, 4th edition (Apress), ch12/demo30.sql
-- Author:  Thomas Kyte, Darl Kuhn
-- Date:    2021-12-28 (the code release)
-- Oracle:  21c
-- Tests:   a LOB locator's read consistency: a locator taken before an update still
--          reads the old version.
-- Taken:   the file at that commit, byte for byte.
-- Published figures: the book: the old locator prints "hello world", then "id = 1".
-- ==========================================================================
-- Read Consistency for LOBs

drop table t purge;

set echo on

create table t
  ( id int   primary key,
    txt      clob
  )
  lob( txt) store as ( disable storage in row )
/

insert into t values ( 1, 'hello world' );

commit;

declare
  l_clob  clob;
  cursor c is select id from t;
  l_id    number;
begin
  select txt into l_clob from t;
  open c;
    update t set id = 2, txt = 'Goodbye';
    commit;
    dbms_output.put_line( dbms_lob.substr( l_clob, 100, 1 ) );
    fetch c into l_id;
    dbms_output.put_line( 'id = ' || l_id );
  close c;
end;
/

select * from t;
