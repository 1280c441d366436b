create table t (id number, c clob) lob (c) store as basicfile l;
declare
  a number; b number; c number; d number; e number; f number; g number; h number;
  i number; j number;
begin
  dbms_space.space_usage(user, 'L', 'LOB', a, b, c, d, e, f, g, h, i, j);
end;
/
