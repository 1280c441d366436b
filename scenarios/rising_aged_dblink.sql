-- rising_aged_dblink: rising_aged.sql's aged segment, then the long insert
-- over a loopback database link, as the production case ran it (issue 40:
-- the remote path on an aged segment, docs/rising-insert.md).  Ours, not
-- published.
-- 30,000 CLOBs of 32,000 characters (4 blocks each), two of every three
-- deleted under RETENTION NONE (20,000 LOBs' space free at once, in pieces
-- of 4 blocks between live LOBs), then one transaction of eight inserts of
-- 5,000 rows each read from src@loopback, as a long `insert ... select`
-- would be seen in eight intervals.
-- lobsim input: charset=single-byte
-- lobsim input: max_string_size=STANDARD
-- lobsim input: block_size=8192

create table t (id number primary key, c clob)
lob (c) store as securefile (retention none disable storage in row);
create table src (id number primary key, c clob)
lob (c) store as securefile (retention none disable storage in row);

insert into t select level, rpad(to_clob('a'), 32000, 'a') from dual connect by level <= 30000;
commit;
delete from t where mod(id, 3) > 0;
commit;
insert into src select level, rpad(to_clob('b'), 32000, 'b') from dual connect by level <= 40000;
commit;
create database link loopback connect to scott identified by tiger using 'localhost/orcl';

insert into t select 100000 + id, c from src@loopback where id > 0 and id <= 5000;
insert into t select 100000 + id, c from src@loopback where id > 5000 and id <= 10000;
insert into t select 100000 + id, c from src@loopback where id > 10000 and id <= 15000;
insert into t select 100000 + id, c from src@loopback where id > 15000 and id <= 20000;
insert into t select 100000 + id, c from src@loopback where id > 20000 and id <= 25000;
insert into t select 100000 + id, c from src@loopback where id > 25000 and id <= 30000;
insert into t select 100000 + id, c from src@loopback where id > 30000 and id <= 35000;
insert into t select 100000 + id, c from src@loopback where id > 35000 and id <= 40000;
commit;
