create table t (id number primary key, c clob) lob (c) store as securefile;
insert into t values (1, rpad('x', 4000, 'x'));
commit;
variable total_blocks number
variable unused_blocks number
var name varchar2(40)
variable doc clob
exec dbms_space.unused_space(user, 'SYS_LOB0000000001C00002$$', 'LOB', :total_blocks, :n2, :unused_blocks, :n3, :n4, :n5, :n6)
variable n2 number
variable n3 number
variable n4 number
variable n5 number
variable n6 number
exec dbms_space.unused_space(user, 'SYS_LOB0000000001C00002$$', 'LOB', :total_blocks, :n2, :unused_blocks, :n3, :n4, :n5, :n6)
print total_blocks unused_blocks
begin
  :name := 'hello';
  :doc := rpad('y', 100, 'y');
end;
/
print name
print
print nothere
