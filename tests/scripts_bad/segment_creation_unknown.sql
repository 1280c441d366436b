create table t (id number, c clob) segment creation later;
