-- The author's dictionary (ours): ALL_OBJECTS as the user sees it, declared as a table
-- the script reads.  The book's row count and names are not in the code release: 70,000
-- rows, owner 'SYS', an object name of 30 characters, type 'TABLE', status 'VALID'
-- (each CLOB 'SYS <30 chars> TABLE VALID', 46 characters: in the row for IN_ROW).
create table all_objects (owner varchar2(128), object_name varchar2(128), object_type varchar2(23), status varchar2(7));
insert into all_objects select 'SYS', rpad('X', 30, 'X'), 'TABLE', 'VALID' from dual connect by level <= 70000;
commit;
