create tablespace m datafile 'm.dbf' size 10m segment space management manual;
create table t (id number, c clob) tablespace m;
create table f (id number primary key, b blob);
insert into t values (1, 'x');
alter table t add constraint t_pk primary key (id);
alter table t add supplemental log data (all) columns;
declare
  c clob := 'abcdefgh'; b blob; v varchar2(10);
  o1 integer := 1; o2 integer := 1; ctx integer := 0; w integer;
begin
  dbms_monitor.session_trace_enable;
  dbms_lob.createtemporary(b, true);
  dbms_lob.converttoblob(b, c, dbms_lob.lobmaxsize, o1, o2, dbms_lob.default_csid, ctx, w);
  insert into f values (1, b);
  select c into v from t where id = 1;
  select count(*) into o1 from user_tables where table_name = 'F';
end;
/
select segment_type, segment_subtype, sum(blocks) from user_segments group by segment_type, segment_subtype;
alter table f move lob(b) store as (tablespace users) online update indexes;
col seg new_value s
select segment_name seg from user_lobs where table_name = 'F';
alter system dump datafile &&s block 1;
