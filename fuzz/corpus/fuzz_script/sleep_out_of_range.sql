create table t (id number, c clob) lob (c) store as securefile (retention none);
exec dbms_session.sleep(99999999999)
