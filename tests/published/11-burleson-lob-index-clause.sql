-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  http://www.dba-oracle.com/t_blob.htm  ("BLOBs and CLOBs Creation",
--          Listing 1)
-- Author:  Burleson Consulting (text after Mike Ault)
-- Date:    not on the stored copy
-- Oracle:  8i era (CHUNK 4, PCTVERSION, a LOB INDEX clause)
-- Tests:   a BLOB with its own storage (INITIAL 100k NEXT 100k), CHUNK 4, PCTVERSION
--          10 and a named LOB index in another tablespace.
-- Taken:   Listing 1, byte for byte (its line breaks are the page's).  Tablespaces
--          RAW_DATA, RAW_INDEX and APPL_DATA are the author's: declared in the .setup.sql.
-- Published figures: none.
-- ==========================================================================
create
table internal_graphics (
graphic_id number,
graphic_desc
varchar2(30),
graphic_blob
blob,
graphic_type
VARCHAR2(4))
lob (graphic_blob)
store as glob_store (
tablespace raw_data
storage
(initial 100k next 100k pctincrease 0)
chunk 4
pctversion 10
INDEX
glob_index (
tablespace raw_index))
TABLESPACE appl_data
storage
(initial 1m next 1m pctincrease 0);
