begin
  raise_application_error('boom');
end;
/
