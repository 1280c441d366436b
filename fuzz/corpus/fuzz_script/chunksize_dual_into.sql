create table t (id number, c clob, b blob) lob (c) store as basicfile (chunk 16384);
insert into t values (1, empty_clob(), empty_blob());
select id, dbms_lob.getchunksize(c), dbms_lob.getchunksize(b) from t;
declare u varchar2(30); n number;
begin
  select user, 2 into u, n from dual;
end;
/
