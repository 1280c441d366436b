create table t (id number, c clob);
insert into t select object_id, object_name from all_objects where rownum <= 5;
