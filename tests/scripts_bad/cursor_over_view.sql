-- OPEN of a cursor declared over a dictionary view: not modelled (its FOR loop runs)
create table t (id number, c clob);
declare
  cursor c is select segment_name from user_lobs where table_name = 'T';
  v varchar2(128);
begin
  open c;
  fetch c into v;
  close c;
end;
/
