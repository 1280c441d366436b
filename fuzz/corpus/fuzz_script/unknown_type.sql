create table t (id number, c xmltype);
