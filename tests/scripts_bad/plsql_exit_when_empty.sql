begin
  loop
    exit when;
  end loop;
end;
/
