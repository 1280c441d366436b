create table t (id number, c clob) segment creation immediate lob (c) store as securefile lseg;
select substr(segment_name, 1, 3) nm, lower(segment_type) lt, substr(segment_name, -2, 2) e, rpad(segment_type, 12, '*') p, lpad(upper(lower(segment_type)), 12) u, trim(rpad(segment_type, 14)) tr, substr(segment_name, 9, 5) z from user_segments where segment_name = 'LSEG' or segment_type = 'TABLE' order by 1;
select substr(segment_name,1,2), count(*) from user_segments group by substr(segment_name,1,2);
select substr(bytes, 1, 2) from user_segments;
