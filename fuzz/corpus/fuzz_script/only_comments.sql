-- nothing here
set serveroutput on
rem nor here
