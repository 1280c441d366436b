-- mech_f_fragment_shrink: updating every other LOB to a smaller then a
-- larger size and reusing the freed space splits chunks (chunks per LOB
-- rise); a shrink brings the segment to within one extent of the space
-- its live LOBs need (issue 29, "Done when" (f)).  Ours.
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table t (id number primary key, c clob)
lob (c) store as securefile (retention none disable storage in row);

insert into t select level, rpad(to_clob('a'), 32000, 'a') from dual connect by level <= 1000;
commit;

update t set c = rpad(to_clob('b'), 8000, 'b') where mod(id, 2) = 0;
commit;

update t set c = rpad(to_clob('c'), 24000, 'c') where mod(id, 2) = 0;
commit;

alter table t modify lob (c) (shrink space);
select * from v$securefile_shrink;
select blocks from user_segments where segment_type = 'LOBSEGMENT';
