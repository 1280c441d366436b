declare
  n number;
begin
  n := ;
end;
/
