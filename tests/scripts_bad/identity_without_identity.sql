-- an identity clause without IDENTITY
create table t (id number generated always as, c clob);
