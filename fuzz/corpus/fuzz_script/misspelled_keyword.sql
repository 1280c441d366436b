create tabel t (id number, c clob);
