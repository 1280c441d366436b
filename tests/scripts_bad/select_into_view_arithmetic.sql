create table t (id number, c clob);
declare
  n number;
begin
  select blocks / 8 into n from user_segments where segment_name = 'T';
end;
/
