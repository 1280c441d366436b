-- The author's database for 16-mclaughlin-wasted-lob-space.sql (ours): ITEM with
-- the CLOB ITEM_DESC as its 6th column and the BLOB ITEM_BLOB as its 7th (the
-- SYS_LOB...C00006$$ / C00007$$ names of the post).  The source gives neither the
-- other columns, the row count nor the LOB lengths: 1,000 rows, 4,000-character
-- ITEM_DESC, stated here as inputs, not the author's figures.
create table item (item_id number, item_barcode varchar2(20), item_type number,
  item_title varchar2(60), item_subtitle varchar2(60), item_desc clob, item_blob blob);
insert into item select level, 'b', 1, 't', 's', rpad('x', 4000, 'x'), empty_blob() from dual connect by level <= 1000;
commit;
