-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://github.com/Apress/expert-oracle-db-architecture-4e/blob/b14f874a1b890a1c8dc15c84efa1446ddfa03cc5/ch12/demo28.sql
--          code of Expert Oracle Database Architecture, 4th edition (Apress), ch12/demo28.sql
-- Author:  Thomas Kyte, Darl Kuhn
-- Date:    2021-12-28 (the code release)
-- Oracle:  21c
-- Tests:   ENABLE against DISABLE STORAGE IN ROW: 70,000 rows of a small CLOB kept both
--          ways, then each read back by key in a loop, traced (the book compares the I/O).
-- Taken:   the file at that commit, byte for byte.
-- Published figures: none in the file (the book prints TKPROF reports).
-- ==========================================================================
-- IN ROW Clause

drop table t purge;

set echo on

create table t
  ( id int   primary key,
    in_row   clob,
    out_row  clob
  )
  lob (in_row)  store as ( enable  storage in row )
  lob (out_row) store as ( disable storage in row )
/

insert into t
  select rownum,
         owner || ' ' || object_name || ' ' || object_type || ' ' || status,
         owner || ' ' || object_name || ' ' || object_type || ' ' || status
    from all_objects
/

commit;

alter session set tracefile_identifier='tk';
EXEC DBMS_MONITOR.session_trace_enable;

declare
          l_cnt    number;
          l_data   varchar2(32765);
begin
          select count(*)
            into l_cnt
            from t;

          dbms_monitor.session_trace_enable;
          for i in 1 .. l_cnt
          loop
                  select in_row  into l_data from t where id = i;
                  select out_row into l_data from t where id = i;
          end loop;
end;
/

EXEC DBMS_MONITOR.session_trace_disable;
