-- a trigger whose body reads :new (a trigger's own, not SQL*Plus's bind): CREATE TRIGGER is not modelled
create table t (id number primary key, c clob);
create trigger t_bu before update on t for each row
begin dbms_output.put_line(dbms_lob.getlength(:new.c)); end;
/
