create table t (id number, c clob);
declare
  cursor c1(n number) is select id from t;
begin
  null;
end;
/
