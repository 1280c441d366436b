-- a bind variable no VARIABLE declared (SQL*Plus: SP2-0552, and it goes on)
create table t (id number, c clob) lob (c) store as securefile (retention none);
exec dbms_space.unused_space('LOBSIM', 'T', 'TABLE', :total_blocks, :b, :c, :d, :e, :f, :g);
insert into t values (1, 'x');
