create table t (id number, c clob);
variable n number
print n'x
