create table t (id number, c clob);
begin
  null;
exception
  when others then null;
  when no_data_found then null;
end;
/
