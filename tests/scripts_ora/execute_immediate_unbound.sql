create table t (id number, c clob);
declare
  n number;
begin
  execute immediate 'select blocks from user_segments where segment_name = :s and segment_type = :t'
    into n using 'T';
end;
/
