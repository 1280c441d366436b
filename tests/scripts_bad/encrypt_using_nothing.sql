-- column encryption with USING but no algorithm
create table t (id number primary key, c clob encrypt using);
