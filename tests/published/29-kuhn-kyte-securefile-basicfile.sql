-- Published LOB-space test (issue 41 corpus): kept as published below the '=' line.
-- Source:  https://github.com/Apress/expert-oracle-db-architecture-4e/blob/b14f874a1b890a1c8dc15c84efa1446ddfa03cc5/ch12/demo27.sql
--          the code of Expert Oracle Database Architecture, 4th edition (Apress),
--          chapter 12 ("Datatypes"), demo27.sql
-- Author:  Darl Kuhn and Thomas Kyte
-- Date:    commit 2021-12-28 (the book's code release)
-- Oracle:  not stated in the file (the edition covers 21c: a LOB without STORE AS is a
--          SecureFile, DB_SECUREFILE PREFERRED)
-- Tests:   a SecureFile and a BasicFile CLOB with SEGMENT CREATION IMMEDIATE: user_lobs'
--          SECUREFILE, the segments user_segments lists, DBMS_METADATA.GET_DDL.
-- Taken:   the file at that commit, byte for byte.
-- Published figures: printed in the book, which we could not read; none here.
-- ==========================================================================
-- Creating a SecureFiles LOB and a BasicFiles LOB

drop table t purge;

set echo on

create table t
  ( id int primary key,
    txt clob)
segment creation immediate;

column column_name form a12
column securefile form a12

select column_name, securefile from user_lobs where table_name='T';

set long 10000
select dbms_metadata.get_ddl( 'TABLE', 'T' )  from dual;

col segment_name form a30
col segment_type form a10

select segment_name, segment_type from user_segments;

drop table t purge;

-- Creating a BasicFiles LOB

create table t
    ( id int primary key,
      txt clob)
    segment creation immediate
    lob(txt) store as basicfile;

select dbms_metadata.get_ddl( 'TABLE', 'T' )  from dual;

