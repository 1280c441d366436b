create table t (id number, c clob);
declare
  n number;
begin
  execute immediate 'select blocks from user_segments where segment_name = :s'
    into n using out n;
end;
/
