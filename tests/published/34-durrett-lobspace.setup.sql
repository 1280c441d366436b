-- The table the author's script is pointed at (ours: the script's own placeholder
-- names MYOWNER.MYTABLE.MYLOBCOLUMN, which the author asks to edit).  1,000 rows:
-- 500 CLOBs of 2,000 characters (in the row) and 500 of 20,000 (out of it), BasicFile
-- as in the author's 11.2 setting.
create user myowner identified by myowner;
create table myowner.mytable (id number primary key, mylobcolumn clob)
  lob (mylobcolumn) store as basicfile (enable storage in row chunk 8192 retention);
insert into myowner.mytable select level, rpad('x', 2000, 'x') from dual connect by level <= 500;
insert into myowner.mytable select 500 + level, rpad(to_clob('x'), 20000, 'x') from dual connect by level <= 500;
commit;
