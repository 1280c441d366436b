create table t (id number, c clob);
declare
  cursor c1 is select id from t;
  n number;
begin
  open c1;
  fetch c1 bulk collect into n;
  close c1;
end;
/
