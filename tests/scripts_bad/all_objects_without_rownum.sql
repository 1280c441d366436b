-- ALL_OBJECTS as a row source needs its row count: without rownum it is the author's database's
create table t (id number primary key, c clob);
insert into t select rownum, 'x' from all_objects;
