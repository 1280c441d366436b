create table t (id number, c clob);
declare
  a number; b number;
begin
  select blocks into a, b from user_segments where segment_name = 'T';
end;
/
