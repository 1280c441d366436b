declare
  n number := 1;
begin
  if n = 1 then
    null;
  elsif n = 2
    null;
  end if;
end;
/
