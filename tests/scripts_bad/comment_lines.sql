/* A comment of three lines: the lines after it
   keep their numbers in the messages
   (script/lex.c, scr_lex_skip). */
create table t (id number, c clob);
create tabel u (id number);
