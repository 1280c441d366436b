declare
  x xmltype;
begin
  null;
end;
/
