-- a rows marker that names neither shared nor own
create table t (id number, c clob);
-- lobsim rows: mine
insert into t values (1, 'x');
