create table t as select * from all_objects where rownum <= 10;
