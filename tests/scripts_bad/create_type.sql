-- an object type with a LOB attribute (Oracle's 21c LOB guide, 2.1): not modelled
create or replace type doc_t as object (id number, body clob);
/
