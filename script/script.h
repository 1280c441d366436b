/*
 * script.h -- a user's SQL*Plus script, read into statements an executor
 * runs step by step, and the values its expressions build.
 *
 * scr_parse() reads the documented subset of Oracle SQL, PL/SQL and
 * SQL*Plus (script/README.md) into a scr_script_t: one scr_stmt_t per
 * statement (a "step"), with its text, its line, and what it does parsed
 * into plain structs -- tables by index, names upper-cased once, numbers
 * scaled, predicates and expressions as trees -- so that running a
 * statement needs no string work per row.  A semantic pass over the whole
 * script refuses what Oracle would refuse, with Oracle's error number.
 *
 * Values (scr_values_t) are never materialised per operation: a value is
 * interned once, as a short list of pieces (a literal, a pattern repeated
 * to a length, a seeded random string), with its length in characters and
 * stored bytes and a 64-bit content hash that depends on the content only
 * (the same text built two ways hashes the same).  scr_value_read()
 * materialises the stored bytes on demand (for COMPRESS and DEDUPLICATE).
 */
#ifndef LOBSIM_SCRIPT_H
#define LOBSIM_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

/* ---- limits ---------------------------------------------------------- */

#define SCR_NAME_MAX 128          /* Oracle 12.2's identifier limit, in bytes */
#define SCR_LINE_MAX 65536        /* longest script line accepted, in bytes */
#define SCR_STMT_MAX 100000       /* statements in one script */
#define SCR_ROWS_MAX 100000000ULL /* rows one insert may generate */
#define SCR_ERR_LEN 512           /* room for the one-line refusal */
#define SCR_MAX_COLS 64           /* columns of a table */
/* LOB columns an alter table ... add may leave a table (the executor's
 * LIFE_MAX_LOBCOLS); VARCHAR2 columns whose values a row carries (the
 * first four: scr_varchar_slot()). */
#define SCR_MAX_LOB_COLUMNS 8
#define SCR_MAX_VARCHAR_COLUMNS 4

/* ---- run inputs ------------------------------------------------------ */

typedef enum {
    SCR_CHARSET_SINGLE_BYTE, /* e.g. WE8MSWIN1252: a CLOB stores 1 byte a character */
    SCR_CHARSET_AL32UTF8     /* a CLOB stores 2-byte UCS-2: 2 bytes a character */
} scr_charset_t;

/* The inputs of a run a script's values depend on; scr_options_defaults(). */
typedef struct {
    scr_charset_t charset;   /* default single byte */
    int max_string_extended; /* MAX_STRING_SIZE: 0 STANDARD (4,000), 1 EXTENDED (32,767) */
    uint32_t block_size;     /* default block size of a table without tablespace, 8192 */
    uint64_t seed;           /* dbms_random's content */
    int securefile_default;  /* db_securefile PREFERRED (12.1 on): 1; NEVER/PERMITTED: 0 */
    int securefile_force;    /* db_securefile FORCE: a SecureFile outside ASSM is ORA-43853 */
    /* SQL*Plus substitution variables defined before the setup and the
     * script, each "NAME=VALUE" (lobbench --define); the strings are the
     * caller's, read during scr_parse() only. */
    const char *const *defines;
    uint32_t ndefines;
} scr_options_t;

void scr_options_defaults(scr_options_t *o);
/*
 * The inputs a script states for itself, one a line as a comment
 * `-- lobsim input: NAME=VALUE` (charset, max_string_size, block_size,
 * db_securefile; text after the value is a note), applied to *o over what
 * it holds; a caller applies its own options after these.  SIM_EINVAL with
 * one line "FILE:LINE: lobsim input '...' not understood (accepted: ...)"
 * leaves *o unchanged.
 */
sim_err_t scr_read_inputs(const char *file, const char *text, size_t len, scr_options_t *o,
                          char *err, size_t errlen);
/* The most sessions a run has (lobbench --sessions) and a marker names. */
#define SCR_SESSIONS_MAX 1000
/* SQL's VARCHAR2 limit in bytes under these options: 4,000 or 32,767. */
uint32_t scr_sql_varchar_max(const scr_options_t *o);
#define SCR_PLSQL_VARCHAR_MAX 32767u

/* ---- expressions ----------------------------------------------------- */

typedef enum {
    SCR_E_NULL,      /* null */
    SCR_E_EMPTY_LOB, /* empty_clob() / empty_blob() */
    SCR_E_STRING,    /* a string literal: str, len */
    SCR_E_NUMBER,    /* a number literal: num (as text when a string is needed) */
    SCR_E_ROWNUM,    /* rownum, level, the loop index of a PL/SQL loop, xmltable's column_value */
    SCR_E_ID,        /* the row's id column value (update's id, or the inserted one) */
    SCR_E_COLUMN,    /* a LOB column's value in the row (set c = c || d): var, its column */
    SCR_E_VAR,       /* a PL/SQL variable of the block: var (index into scr_block_t.vars) */
    SCR_E_RPAD,      /* rpad(a[0], a[1][, a[2]]) */
    SCR_E_LPAD,      /* lpad(a[0], a[1][, a[2]]) */
    SCR_E_RANDOM,    /* dbms_random.string(a[0], a[1]) */
    SCR_E_TO_CLOB,   /* to_clob(a[0]) */
    SCR_E_CONCAT,    /* a[0] || a[1] */
    SCR_E_ADD,       /* a[0] + a[1]: numbers */
    SCR_E_SUB,       /* a[0] - a[1] */
    SCR_E_MUL,       /* a[0] * a[1] */
    SCR_E_MOD,       /* mod(a[0], a[1]): numbers, Oracle's MOD */
    SCR_E_NUM,       /* a PL/SQL number register (a NUMBER variable, a loop index, a
                      * cursor row's id): var (index into scr_row_t.nums) */
    SCR_E_TO_RAW,    /* utl_raw.cast_to_raw(a[0]), to_blob(a[0]): its bytes as a RAW/BLOB */
    SCR_E_RAWTOHEX,  /* a RAW where a CLOB is wanted: two hex digits a byte (implicit) */
    SCR_E_SUBSTR,    /* dbms_lob.substr(a[0], a[1] amount, a[2] offset); num 1: a slice of
                      * PL/SQL's LOB calls (no 32,767 cap, empty rather than null) */
    SCR_E_LENGTH,    /* dbms_lob.getlength(a[0]) of a column or a variable: a number */
    SCR_E_DIV,       /* a[0] / a[1], only as the argument of trunc, round, floor, ceil */
    SCR_E_CLOCK,     /* dbms_utility.get_time: the model's clock in hundredths of a second */
    SCR_E_SEQ,       /* S.NEXTVAL (raw 0) or S.CURRVAL (raw 1) of the sequence var: its START
                      * WITH num, its INCREMENT BY args[0]->num (sequence.c) */
    SCR_E_NUMFN,     /* a number function num (scr_numfn_t) of a[0], a[1] */
    SCR_E_STRFN,     /* a character function num (scr_strfn_t) of a[0], a[1], a[2] */
    SCR_E_QDEF,      /* the value a query last gave substitution variable var (COLUMN ...
                      * NEW_VALUE; define.c); str: its reference as written, until then */
    SCR_E_COUNT
} scr_expr_kind_t;

/* SQL's single-row functions the subset evaluates (SQL Language
 * Reference, "Numeric Functions", "Character Functions Returning
 * Character Values", NVL), over whole numbers and text. */
typedef enum {
    SCR_NF_ABS,
    SCR_NF_SIGN,
    SCR_NF_POWER,
    SCR_NF_GREATEST,
    SCR_NF_LEAST,
    SCR_NF_NVL,
    SCR_NF_TRUNC, /* of a whole number to a[1] decimal places (a[1] < 0 rounds left of
                   * the point), or of a division toward zero */
    SCR_NF_ROUND, /* half away from zero */
    SCR_NF_FLOOR,
    SCR_NF_CEIL,
    SCR_NF_RANDOM /* dbms_random.value([a[0], a[1]]): only a rounding function's argument */
} scr_numfn_t;
/* TRUNC, ROUND, FLOOR or CEIL: a division or dbms_random.value may be
 * their argument. */
#define SCR_NF_ROUNDING(f) ((f) >= SCR_NF_TRUNC && (f) <= SCR_NF_CEIL)
typedef enum {
    SCR_SF_UPPER,
    SCR_SF_LOWER,
    SCR_SF_SUBSTR, /* substr(a[0], a[1] position, a[2] length or NULL) */
    SCR_SF_NVL,
    SCR_SF_REPLACE, /* replace(a[0], a[1], a[2] or NULL) */
    SCR_SF_TRIM,
    SCR_SF_LTRIM,
    SCR_SF_RTRIM,
    SCR_SF_CHR,
    SCR_SF_TO_CHAR /* to_char(a[0] a number, str the format model): numfmt.c */
} scr_strfn_t;

/* The type Oracle gives an expression's result. */
typedef enum { SCR_T_NULL, SCR_T_NUMBER, SCR_T_VARCHAR, SCR_T_CLOB, SCR_T_BLOB } scr_type_t;

typedef struct scr_expr scr_expr_t;
struct scr_expr {
    scr_expr_kind_t kind;
    scr_type_t type;    /* the result's type, set by the parser */
    int plsql;          /* evaluated by PL/SQL (a declare's initialiser): 32,767 cap */
    int row_dependent;  /* depends on the row (rownum, id, column, random): else constant */
    int raw;            /* a RAW value (cast_to_raw, hextoraw, a RAW variable): a CLOB
                         * column takes its hex text (SCR_E_RAWTOHEX) */
    uint32_t line;      /* where it starts, for runtime errors */
    int64_t static_len; /* its length in characters when known before running, else -1 */
    const char *str;    /* SCR_E_STRING: the literal's text ('' folded) */
    uint32_t len;       /* its length in bytes */
    int64_t num;        /* SCR_E_NUMBER */
    uint32_t var;       /* SCR_E_VAR: the variable; SCR_E_COLUMN: the table's column */
    uint32_t nargs;
    scr_expr_t *args[3];
};

/* ---- predicates: where clauses and PL/SQL conditions (pred.c) -------- */

typedef enum {
    SCR_P_TRUE,    /* no where clause; PL/SQL's TRUE */
    SCR_P_CMP,     /* id OP value (or value OP id, normalised): literals, the fast form */
    SCR_P_BETWEEN, /* id between lo and hi */
    SCR_P_MOD,     /* mod(id, k) OP r */
    SCR_P_AND,
    SCR_P_OR,
    SCR_P_NOT,
    SCR_P_FALSE,    /* PL/SQL's FALSE */
    SCR_P_EXPR,     /* x OP y over columns, registers and literals (numbers, or text) */
    SCR_P_XBETWEEN, /* x between y and z */
    SCR_P_NULL,     /* x is null (is not null: under a NOT) */
    SCR_P_LIKE      /* x like y (% and _, no escape) */
} scr_pred_kind_t;

typedef enum { SCR_OP_EQ, SCR_OP_NE, SCR_OP_LT, SCR_OP_LE, SCR_OP_GT, SCR_OP_GE } scr_op_t;

typedef struct scr_pred scr_pred_t;
struct scr_pred {
    scr_pred_kind_t kind;
    scr_op_t op;
    int64_t a, b;                /* CMP: value in a; BETWEEN: lo, hi; MOD: k in a, r in b */
    scr_pred_t *l, *r;           /* AND, OR; NOT uses l */
    const scr_expr_t *x, *y, *z; /* EXPR, XBETWEEN, NULL, LIKE */
};

/* Whether a row of this id satisfies p (NULL: every row), for a predicate
 * of the fast forms (literals over the id) only. */
int scr_pred_match(const scr_pred_t *p, int64_t id);

/* ---- tables and LOB storage ------------------------------------------ */

typedef enum { SCR_CACHE_NO, SCR_CACHE_YES, SCR_CACHE_READS } scr_cache_t;
typedef enum { SCR_LOG_YES, SCR_LOG_NO, SCR_LOG_FILESYSTEM } scr_logging_t;
typedef enum {
    SCR_RET_DEFAULT, /* not given: Oracle's default (AUTO for SecureFile; PCTVERSION 10 for
                        BasicFile) */
    SCR_RET_AUTO,
    SCR_RET_MIN,
    SCR_RET_MAX,
    SCR_RET_NONE,
    SCR_RET_PLAIN /* BasicFile RETENTION without a mode: undo_retention */
} scr_retention_t;
typedef enum {
    SCR_COMPRESS_NONE,
    SCR_COMPRESS_LOW,
    SCR_COMPRESS_MEDIUM,
    SCR_COMPRESS_HIGH
} scr_compress_t;

/* Which options a clause named explicitly (scr_lob_opts_t.given). */
enum {
    SCR_GIVEN_CACHE = 1u << 0,
    SCR_GIVEN_LOGGING = 1u << 1,
    SCR_GIVEN_RETENTION = 1u << 2,
    SCR_GIVEN_DEDUP = 1u << 3,
    SCR_GIVEN_COMPRESS = 1u << 4,
    SCR_GIVEN_CHUNK = 1u << 5,
    SCR_GIVEN_PCTVERSION = 1u << 6,
    SCR_GIVEN_IN_ROW = 1u << 7,
    SCR_GIVEN_INITIAL = 1u << 8,
    SCR_GIVEN_NEXT = 1u << 9,
    SCR_GIVEN_MAXSIZE = 1u << 10,
    SCR_GIVEN_ENCRYPT = 1u << 11,
    SCR_GIVEN_FREEPOOLS = 1u << 12
};

/*
 * A LOB storage clause.  Every field holds Oracle's default when the clause
 * does not name it (`given` says which it named): NOCACHE, LOGGING,
 * KEEP_DUPLICATES, NOCOMPRESS, ENABLE STORAGE IN ROW, CHUNK one block.
 */
typedef struct {
    int securefile; /* 1 SECUREFILE, 0 BASICFILE */
    int kind_given; /* SECUREFILE or BASICFILE written in the clause */
    scr_cache_t cache;
    scr_logging_t logging;
    scr_retention_t retention;
    uint64_t retention_min;          /* seconds, RETENTION MIN N */
    int deduplicate;                 /* 1 DEDUPLICATE, 0 KEEP_DUPLICATES */
    scr_compress_t compress;         /* COMPRESS alone is MEDIUM */
    uint32_t chunk;                  /* bytes; 0: one block of the tablespace */
    uint32_t pctversion;             /* BasicFile PCTVERSION, default 10 */
    int in_row;                      /* ENABLE (1) or DISABLE (0) STORAGE IN ROW */
    uint64_t initial, next, maxsize; /* STORAGE (...) bytes; 0: not given / unlimited */
    uint32_t freepools;              /* BasicFile FREEPOOLS N, 0 not given */
    int tablespace;                  /* the LOB segment's TABLESPACE: an index, -1 the table's */
    uint32_t given;                  /* SCR_GIVEN_* bits */
    char segment[SCR_NAME_MAX + 1];  /* the LOB segment's name, "" when not given */
} scr_lob_opts_t;

typedef enum {
    SCR_COL_NUMBER,
    SCR_COL_VARCHAR,
    SCR_COL_CLOB,
    SCR_COL_BLOB,
    SCR_COL_DATE
} scr_coltype_t;

typedef struct {
    char name[SCR_NAME_MAX + 1];
    scr_coltype_t type;
    uint32_t varchar_len; /* VARCHAR2(N) */
    int primary_key;
    int identity;       /* GENERATED ... AS IDENTITY: 1 ALWAYS, 2 BY DEFAULT, 3 BY DEFAULT ON
                         * NULL; 0 none */
    scr_lob_opts_t lob; /* for CLOB and BLOB columns */
    uint32_t added;     /* step of the alter table ... add that made it, 0: its table's create */
    uint32_t dropped;   /* step of the alter table ... drop column that dropped it, 0: never;
                         * a dropped column keeps its index, no name resolves to it */
} scr_column_t;

typedef struct {
    char name[SCR_NAME_MAX + 1];
    uint32_t block_size;    /* BLOCKSIZE N; the run's default when not given */
    int uniform;            /* EXTENT MANAGEMENT LOCAL UNIFORM; 0 AUTOALLOCATE */
    uint64_t uniform_size;  /* bytes of a uniform extent (Oracle's default 1 MB) */
    uint64_t datafile_size; /* SIZE of its datafile, 0 when not given */
    int bigfile;
    int manual;       /* SEGMENT SPACE MANAGEMENT MANUAL (free lists): SYSTEM's, or a create's */
    int predefined;   /* one of a fresh database's (SYSTEM, SYSAUX, USERS, UNDOTBS1,
                       * TEMP): no statement created it */
    uint32_t created; /* step of its create, 0 for a predefined one */
    uint32_t dropped; /* step of its drop tablespace, 0 if never */
} scr_tablespace_t;

/* How a table is partitioned (SQL Language Reference, CREATE TABLE,
 * table_partitioning_clauses): not, by list, by range. */
typedef enum { SCR_PART_NONE, SCR_PART_LIST, SCR_PART_RANGE } scr_part_by_t;

/*
 * One partition of a table from its create (or ALTER TABLE ... ADD
 * PARTITION) to its drop (partition.c).  Rows go to the partition whose
 * values hold their key (scr_part_route()).
 */
typedef struct {
    char name[SCR_NAME_MAX + 1];
    uint32_t nvals;      /* list: its values (the key's, whole numbers) */
    int64_t *vals;       /* nvals of them */
    int has_null;        /* list: NULL among its values */
    int is_default;      /* list: VALUES (DEFAULT): every key no other takes */
    int maxvalue;        /* range: VALUES LESS THAN (MAXVALUE) */
    int64_t bound;       /* range: VALUES LESS THAN (bound) */
    int tablespace;      /* its TABLESPACE, -1: the table's */
    scr_lob_opts_t *lob; /* each column's LOB options in this partition (the table's
                          * ncols entries; LOB columns only meaningful): its own
                          * SECUREFILE/BASICFILE decision (partition.c) */
    uint32_t number;     /* the first of its LOB partitions' numbers (SYS_LOB_P<n>,
                          * the model's stand-in for Oracle's object number) */
    uint32_t created;    /* step of the statement that made it */
    uint32_t dropped;    /* step of its ALTER TABLE ... DROP PARTITION, 0 if never */
} scr_partition_t;

/*
 * One table from its create to its drop: a table created again after a drop
 * is a new entry.  Statements name tables by index into scr_script_t.tables.
 */
typedef struct {
    char name[SCR_NAME_MAX + 1];
    char owner[SCR_NAME_MAX + 1]; /* the user connected when it was created (LOBSIM) */
    uint32_t ncols;
    scr_column_t *cols;
    int id_col; /* the primary key if a NUMBER, else the first NUMBER column (rows'
                 * id), -1 when none */
    char pk_name[SCR_NAME_MAX + 1]; /* the primary key constraint's name, "" when the
                                     * script leaves Oracle to name it */
    uint32_t pk_step;               /* the alter table that added the primary key after statements
                                     * used the rows: its uniqueness holds from that step; 0: always */
    int tablespace;                 /* index into scr_script_t.tablespaces, -1: the default */
    uint32_t created;               /* step of its create table */
    uint32_t dropped;               /* step of its drop table, 0 if never */
    int row_movement;       /* enabled at the end of the script (the semantic pass's state) */
    int immediate;          /* SEGMENT CREATION IMMEDIATE: its segments made by its create */
    scr_part_by_t part_by;  /* PARTITION BY LIST | RANGE (its key: the id column) */
    uint32_t nparts;        /* every partition it ever had, in partition order */
    scr_partition_t *parts; /* the semantic pass appends (ADD PARTITION) and marks
                             * dropped ones; live at a step: scr_part_live() */
} scr_table_t;

/* Whether partition k of t exists at step `step` (made at or before it,
 * not dropped before it). */
int scr_part_live(const scr_table_t *t, uint32_t k, uint32_t step);
/* The partition of t that a row with key `key` (key_null: a null key) goes
 * to at step `step`: its index, or -1 when none takes it (ORA-14400).  A
 * list partition takes its values (NULL among them: a null key), DEFAULT
 * every key no other takes; a range partition the keys below its bound
 * and not below the one before it, MAXVALUE every key and a null one. */
int scr_part_route(const scr_table_t *t, int64_t key, int key_null, uint32_t step);

/* ---- statements ------------------------------------------------------- */

typedef enum {
    SCR_CREATE_TABLESPACE, /* u.tablespace */
    SCR_CREATE_TABLE,      /* table */
    SCR_INSERT,            /* u.dml */
    SCR_UPDATE,            /* u.dml */
    SCR_DELETE,            /* u.dml */
    SCR_COMMIT,
    SCR_ROLLBACK,
    SCR_TRUNCATE,        /* table */
    SCR_DROP_TABLE,      /* table, u.drop_purge */
    SCR_PARTITION,       /* alter table T add | drop partition P: table, u.part */
    SCR_SHRINK,          /* table, column (-1: alter table T shrink space), u.shrink */
    SCR_MOVE_LOB,        /* table, column, u.lob: the new storage, whole; move_table: the
                          * table segment rebuilt too (column -1: it alone) */
    SCR_MODIFY_LOB,      /* table, column, u.lob: the options in force after it (`given`:
                          * those it named), merged by the parser (scr_lob_modify()) */
    SCR_SLEEP,           /* u.sleep_seconds */
    SCR_SET_PARAM,       /* u.param */
    SCR_BLOCK,           /* a PL/SQL block: u.block */
    SCR_OBSERVE,         /* a query or a block that only reads: recorded, not run */
    SCR_ROW_MOVEMENT,    /* alter table T enable|disable row movement: table, u.row_movement */
    SCR_FAILED,          /* a statement Oracle refuses: `error` says how; it changes nothing */
    SCR_NO_EFFECT,       /* a statement that does not touch LOB space: u.head (heads.c) */
    SCR_DROP_TABLESPACE, /* u.tablespace; its tables dropped with it (INCLUDING CONTENTS) */
    SCR_DEALLOCATE,      /* alter table T modify lob (c) (deallocate unused [keep N]): table,
                          * column, u.dealloc */
    SCR_ADD_COLUMN,      /* alter table T add (c type, ...): table, u.columns (columns.c) */
    SCR_DROP_COLUMN,     /* alter table T drop column c | drop (c, ...): table, u.columns */
    SCR_KIND_COUNT
} scr_kind_t;

/* Where an insert's rows come from. */
typedef enum {
    SCR_SRC_VALUES,   /* insert ... values (...): one row */
    SCR_SRC_GENERATE, /* xmltable('1 to N'), dual connect by level <= N, all_objects where rownum <=
                         N */
    SCR_SRC_SELF,     /* insert into T select ... from T: one row for each of its rows */
    SCR_SRC_TABLE     /* insert into T2 select ... from T1 [where P]: one row for each of
                       * T1's rows P takes (from.c) */
} scr_source_t;

/* Insert, update, delete. */
typedef struct {
    scr_source_t source;
    uint64_t count; /* GENERATE: rows */
    int64_t first;  /* GENERATE: the first rownum, 1 */
    /* The value of every column of the table, in table order (insert) or of
     * the columns set (update; NULL where not set).  Never NULL for a LOB
     * column an insert leaves out: it holds an SCR_E_NULL expression. */
    scr_expr_t **values;   /* nvalues entries: table->ncols when parsed */
    uint32_t nvalues;      /* (a column added later has none here) */
    scr_pred_t *where;     /* update, delete; SCR_SRC_TABLE: the source's rows: NULL for every
                            * row */
    int from;              /* SCR_SRC_SELF, SCR_SRC_TABLE: the table the rows are read from */
    int64_t rownum_max;    /* update/delete `and rownum <= N`: N (0: no row); -1 when not given */
    const scr_expr_t *key; /* where `id = key`, key a value of no column (a variable): the
                            * primary key finds the row; NULL otherwise */
    uint32_t ret_lob1;     /* insert ... returning C into V in a block: C's LOB index + 1 (0:
                            * none); V is value register ret_reg, a locator of the new row */
    uint32_t ret_reg;
    int direct; /* insert: direct path, the APPEND hint (a comment "+ APPEND"
                 * after INSERT) or create table as select */
    int link;   /* SCR_SRC_SELF, SCR_SRC_TABLE: read over database link number
                 * link - 1 (`from T@LINK`, link.c); 0: a local read */
} scr_dml_t;

typedef struct {
    char name[64]; /* upper case: UNDO_RETENTION, DB_SECUREFILE, ... */
    int system;    /* alter system (1) or session (0) */
    int64_t num;   /* numeric value */
    char text[64]; /* the value as written, upper case, for keywords */
} scr_param_t;

typedef struct scr_stmt scr_stmt_t;

/* ---- queries answered from the model (query.c, answer.c) ------------- */

/* What a query reads: a dictionary view as the model fills it, or one of
 * the script's tables. */
typedef enum {
    SCR_V_SEGMENTS,    /* user_segments, dba_segments */
    SCR_V_EXTENTS,     /* user_extents, dba_extents */
    SCR_V_LOBS,        /* user_lobs, dba_lobs */
    SCR_V_MYSTAT,      /* v$mystat joined to v$statname on statistic# */
    SCR_V_SHRINK,      /* v$securefile_shrink */
    SCR_V_LOB_PARTS,   /* user_lob_partitions, dba_lob_partitions */
    SCR_V_TABLESPACES, /* user_tablespaces, dba_tablespaces */
    SCR_V_TABLES,      /* user_tables, dba_tables, all_tables */
    SCR_V_TABLE,       /* a table of the script: its id, its LOBs' lengths */
    SCR_V_COUNT
} scr_view_t;

/* A column of a view: its name, NUMBER or VARCHAR2 and the width SQL*Plus
 * gives it (a VARCHAR2's declared length), and whether the model has it. */
typedef struct {
    const char *name;
    int number;
    uint32_t width;
    int modelled; /* 0: a query naming it is not answered */
    int dba;      /* only in the DBA_ view */
} scr_vcol_t;
/* The columns of view v, in the order the rows hold them (SCR_V_TABLE:
 * none, its columns are the table's). */
const scr_vcol_t *scr_view_columns(scr_view_t v, uint32_t *n);

typedef enum {
    SCR_QI_COLUMN,
    SCR_QI_SUM,
    SCR_QI_COUNT,
    SCR_QI_MAX,
    SCR_QI_MIN,
    SCR_QI_AVG /* the sum in num, the rows counted in den */
} scr_qitem_kind_t;
/* Arithmetic over an item's value, as `bytes/1024/1024` or
 * `round(sum(bytes)/1048576, 2)` writes it: op 'v' the value, 'n' num,
 * '+', '-', '*', '/' of l and r, 'r' round(l, places), 't' trunc(l,
 * places), 'z' nvl(l, r). */
typedef struct scr_qpost scr_qpost_t;
struct scr_qpost {
    char op;
    double num;
    int places;
    const scr_qpost_t *l, *r;
};
/* A character function over a text column's value in a select list
 * (qitems.c, answer.c), innermost first. */
typedef enum {
    SCR_QT_SUBSTR, /* substr(x, a[, b]) */
    SCR_QT_UPPER,
    SCR_QT_LOWER,
    SCR_QT_TRIM, /* trim, ltrim, rtrim of blanks: how 1 both, 2 left, 3 right */
    SCR_QT_RPAD, /* rpad(x, n[, 'c']), lpad */
    SCR_QT_LPAD,
} scr_qtext_kind_t;
#define SCR_QTEXT_MAX 4
typedef struct {
    scr_qtext_kind_t kind;
    int64_t a, b; /* SUBSTR: start and length (b < 0: to the end); PAD: length; TRIM: how */
    char pad;     /* PAD: the fill character */
} scr_qtext_t;
typedef struct {
    scr_qitem_kind_t kind;
    int col;                         /* COLUMN, SUM: the row's column */
    char head[SCR_NAME_MAX + 1];     /* SQL*Plus's heading: the alias or the expression */
    const scr_qpost_t *post;         /* arithmetic over the value, or NULL (answer.c) */
    scr_qtext_t text[SCR_QTEXT_MAX]; /* COLUMN of text: functions over it, ntext of them */
    uint32_t ntext;
    uint32_t width; /* with ntext: the result's width (VARCHAR2(width)) */
    /* SQL*Plus's COLUMN settings in force where the query is (colfmt.c):
     * FORMAT (An of text, a number format model of a number) and HEADING
     * ('|' starts a new line of it); NULL: none */
    const char *format, *heading;
} scr_qitem_t;

/* col OP value, col OP col2, col [not] in (...), col [not] like
 * 'pattern', or X is [not] null (X a column, or subj); the conditions of
 * one nonzero `either` group are or-ed (`(a or b)`), the groups and lone
 * conditions and-ed (query.c). */
typedef struct {
    int col;     /* the subject column; -1: the subject is subj (is null only) */
    scr_op_t op; /* EQ for IN, LIKE, IS NULL; NE for NOT IN, NOT LIKE, IS NOT NULL */
    int like, in, isnull;
    int col2;        /* >= 0: col OP this column (a join's condition) */
    uint32_t either; /* 0: alone; else its or-group */
    uint32_t nvals;
    const char **str; /* the values as text (a number as written; NULL: null) */
    int64_t *num;
    const scr_expr_t **val;      /* a value known when the query runs (a PL/SQL variable, execute
                                  * immediate's bind), else NULL: the literal above */
    const scr_expr_t *subj;      /* col -1: what `is null` tests */
    const struct scr_query *sub; /* IN: the values are this one-item query's rows (a
                                  * subquery over the views; life_sim runs it first) */
    int scalar;                  /* col = (select ...): more than one row ORA-01427 */
    uint8_t ncat, ncat2;         /* (a || b [|| ...]) OP (c || d ...): the columns whose texts
                                  * are joined on each side (col, col2 unused) */
    int16_t cat[4], cat2[4];
    int subj_null; /* col -1: whether subj is null (set when the query runs) */
} scr_qcond_t;

#define SCR_QUERY_ITEMS 32
#define SCR_QUERY_GROUP_MAX 4 /* group by's columns */
#define SCR_QUERY_CONDS 16    /* and-ed or or-ed */
typedef struct scr_query {
    scr_view_t view;
    int dba;                /* DBA_ (1) or USER_ (0) */
    const scr_vcol_t *cols; /* a view's columns (a join's: the first's, then view2's) */
    uint32_t ncols;
    int two; /* a join: `from view v1, view2 v2` */
    scr_view_t view2;
    uint32_t split;       /* a join: the first view's columns (view2's follow) */
    int binds;            /* some condition holds a value known when it runs (val, subj) */
    int table;            /* SCR_V_TABLE: the table */
    uint32_t table_cols;  /* SCR_V_TABLE: its columns when parsed; a row's cell
                           * table_cols + c holds dbms_lob.getlength(c), cell
                           * 2 * table_cols + c dbms_lob.getchunksize(c) */
    scr_pred_t *id_where; /* SCR_V_TABLE: its where over the id */
    int64_t rownum_max;   /* SCR_V_TABLE: `and rownum <= N` at the where's top: the first N
                           * rows it keeps, before grouping and ordering; -1 none */
    uint32_t nitems;
    uint32_t nshown; /* the items printed: the select list; those after it are order by's
                      * columns not in it */
    scr_qitem_t item[SCR_QUERY_ITEMS];
    uint32_t nconds; /* and-ed */
    scr_qcond_t *cond;
    uint32_t ngroup; /* group by: its columns, 0 none */
    int group_col[SCR_QUERY_GROUP_MAX];
    uint32_t norder;
    int order_item[8]; /* order by: an item of the list (its position) */
    int order_desc[8];
} scr_query_t;

/* A view's rows as the executor fills them (life_sim/views.c): ncols
 * cells a row. */
typedef struct {
    int64_t num;
    int64_t den; /* an AVG item's rows (its value num / den), else 0 */
    uint8_t null;
    char str[SCR_NAME_MAX + 1];
} scr_qcell_t;
typedef struct {
    uint32_t ncols;
    uint64_t nrows, cap;
    scr_qcell_t *cells;
} scr_qrows_t;
/* A new row of cells (all null) at the end: NULL when out of memory. */
scr_qcell_t *scr_qrows_add(scr_qrows_t *r);
void scr_qrows_free(scr_qrows_t *r);
/* A cell set to a text, or to a number (its text the number's). */
void scr_qcell_text(scr_qcell_t *c, const char *s);
void scr_qcell_num(scr_qcell_t *c, int64_t v);
/*
 * The query's answer over rows, as SQL*Plus prints a result set by its
 * defaults (NUMWIDTH 10, a VARCHAR2 column as wide as declared and its
 * heading cut to it, COLSEP ' ', FEEDBACK 6): headings, dashes, rows,
 * then "N rows selected." from 6 rows on, "no rows selected" for none.
 * A new string in *out (free()); SIM_ENOMEM.
 */
sim_err_t scr_query_answer(const scr_query_t *q, const scr_qrows_t *rows, char **out);
/* The query's result over rows: *nout rows of q->nitems + 1 cells (the
 * items, then the row's place), kept by the where, grouped, ordered; a new
 * array in *out (free()).  SIM_ENOMEM. */
sim_err_t scr_query_select(const scr_query_t *q, const scr_qrows_t *rows, scr_qcell_t **out,
                           uint64_t *nout);
/* The result (scr_query_select()'s) printed as scr_query_answer() does. */
sim_err_t scr_query_print(const scr_query_t *q, const scr_qcell_t *res, uint64_t n, char **out);
/* Whether a row (q->ncols cells) keeps to q's where. */
int scr_query_keeps(const scr_query_t *q, const scr_qcell_t *row);

/* What SQL*Plus does when a statement gets an Oracle error (WHENEVER
 * SQLERROR, in force from its line on; the default CONTINUE NONE). */
typedef enum { SCR_ON_ERR_NONE, SCR_ON_ERR_COMMIT, SCR_ON_ERR_ROLLBACK } scr_on_err_tx_t;
typedef struct {
    int exit;           /* EXIT: the run stops after the step; 0 CONTINUE */
    int status;         /* EXIT's status: SUCCESS 0, FAILURE 1, WARNING 2, n (0..255) */
    int sqlcode;        /* EXIT SQL.SQLCODE: the error's number, modulo 256 as a Unix
                         * exit status keeps it */
    scr_on_err_tx_t tx; /* before exiting or going on (EXIT's default COMMIT) */
} scr_on_error_t;

/* A statement head that runs without effect on LOB space (heads.c): its
 * class, as the step and --explain name it. */
typedef struct {
    const char *words; /* the head as a user writes it: "create user" */
    const char *what;  /* its class: "users and grants" */
    int step;          /* 1: a step without effect; 0: a SQL*Plus command, no step;
                        * 2: a setting, without effect unless the model uses it;
                        * 4: a database link created or dropped (link.c), a step
                        * without effect on space; 5: a procedure created or
                        * dropped (plproc.c), likewise; 6: a sequence created or
                        * dropped (sequence.c), likewise */
    int commits;       /* the open transaction committed first (DDL, DBMS_STATS, CONNECT) */
    uint32_t after;    /* tokens that must follow the head (a user's name, ...) */
    int line;          /* a SQL*Plus command: it is the rest of its line, no ';' needed */
} scr_head_t;
/* The table of heads, in its documented order (script/README.md). */
const scr_head_t *scr_heads(size_t *n);

/*
 * A PL/SQL block compiled into operations (plsql.c) that one loop runs
 * (life_sim/plsql.c), as Lua's lparser.c compiles for lvm.c.  State lives
 * in registers: `vals` (VARCHAR2, LONG, RAW, CLOB and BLOB variables, a
 * cursor row's LOB columns) and `nums` (NUMBER variables, loop indices and
 * their bounds, a cursor row's id), each with a null flag.  A session's
 * place in a block is the index of its next operation, its registers and
 * its cursors: a block stopped at a commit or a row lock goes on from
 * there.
 */
typedef enum {
    SCR_PL_STMT,   /* run stmts[a] (DML, commit, rollback, sleep, a statement of execute
                    * immediate; SCR_FAILED raises its error) */
    SCR_PL_SET,    /* vals[a] := x */
    SCR_PL_NUM,    /* nums[a] := x (null when x is) */
    SCR_PL_BOOL,   /* nums[a] := cond: 1 true, 0 false, null unknown (a BOOLEAN) */
    SCR_PL_JUMP,   /* to target */
    SCR_PL_UNLESS, /* to target unless cond is true */
    SCR_PL_FOR,    /* nums[a] := x, nums[b] := y (a reverse loop: y, x); to target when
                    * the range is empty or a bound null */
    SCR_PL_NEXT,   /* nums[a] += 1 (reverse: -= 1); to target (the body) while within nums[b] */
    SCR_PL_OPEN,   /* cursor b over the rows of table `table` that satisfy cond, as they
                    * are now (a read-consistent snapshot); c 1, 2: ordered by the id,
                    * ascending, descending */
    SCR_PL_FETCH,  /* cursor b's next row: its id into nums[a], its LOB column k into
                    * vals[c + k]; none left: to target */
    SCR_PL_PRINT,  /* dbms_output.put_line(x) */
    SCR_PL_RAISE,  /* `raise;` the error being handled again; or `error` (
                    * raise_application_error, `raise NAME`: b its code) */
    SCR_PL_CATCH,  /* to target unless the error being handled is one of codes (an
                    * exception's handler, `when NAME [or NAME] then`; plexc.c) */
    SCR_PL_ERR,    /* vals[a] := SQLERRM, nums[b] := SQLCODE of the error being handled */
    SCR_PL_LOB,    /* a dbms_lob call `lob` on the locator in vals[a]: its arguments
                    * checked (amount, offset, y the buffer or source), then vals[a] := x,
                    * written through to the row's LOB the locator points at */
    SCR_PL_INTO,   /* select column c of table `table` into vals[a] (b: its LOB index) or
                    * nums[a] (b UINT32_MAX: the id; SCR_INTO_COUNT, _MAX, _MIN: an
                    * aggregate of the rows cond takes) from the one row cond takes; a
                    * LOB becomes a locator of that row (for_update: one it may write) */
    SCR_PL_BIND,   /* c 0: vals/nums[a] := the run's bind variable b (binds.c); c 1: the
                    * bind := vals/nums[a] */
    SCR_PL_SPACE,  /* dbms_space.space_usage (SecureFile form, or the ASSM form: assm),
                    * unused_space (unused 1) or free_blocks (unused 2) of the segment
                    * seg[1] of type seg[2] (seg[3]: its partition): the figures into
                    * nums[outs[i]] */
    SCR_PL_QUERY,  /* select ... into (or execute immediate's) over the views the model
                    * fills: query's one row, its item i into outs[i] (out_text[i]: a
                    * VARCHAR2 register of vals, at most out_max[i] characters; else nums) */
    SCR_PL_QOPEN,  /* cursor b over query's rows (the views the model fills), as they are
                    * now */
    SCR_PL_QFETCH, /* cursor b's next row of its query: item i into outs[i] as SCR_PL_QUERY
                    * puts it; none left: to target */
    SCR_PL_END     /* the block ends (its handler's end too) */
} scr_pl_kind_t;

/* The dbms_lob procedures a block calls (PL/SQL Packages and Types
 * Reference, DBMS_LOB). */
typedef enum {
    SCR_LOB_CREATETEMPORARY,
    SCR_LOB_FREETEMPORARY,
    SCR_LOB_WRITEAPPEND,
    SCR_LOB_WRITE,
    SCR_LOB_APPEND,
    SCR_LOB_COPY,
    SCR_LOB_TRIM,
    SCR_LOB_ERASE
} scr_lob_call_t;

/* SCR_PL_INTO's b for an aggregate: count(*), max(id), min(id). */
#define SCR_INTO_COUNT (UINT32_MAX - 1)
#define SCR_INTO_MAX (UINT32_MAX - 2)
#define SCR_INTO_MIN (UINT32_MAX - 3)

typedef struct {
    scr_pl_kind_t kind;
    uint32_t line;
    uint32_t a, b, c;        /* registers, a cursor, a statement: by kind */
    uint32_t target;         /* an operation's index */
    int reverse;             /* SCR_PL_FOR, SCR_PL_NEXT: for ... in reverse */
    int table;               /* SCR_PL_OPEN */
    const scr_expr_t *x, *y; /* SCR_PL_INTO: y the key of its `where id = key`, or NULL */
    const scr_pred_t *cond;  /* SCR_PL_UNLESS, SCR_PL_OPEN, SCR_PL_INTO */
    const char *error;       /* SCR_PL_RAISE of raise_application_error: "ORA-2NNNN: text" */
    uint32_t handler;        /* where an Oracle error of this operation goes: the first
                              * operation of the enclosing `exception when others`, 0: out
                              * of the block, the statement's error */
    scr_lob_call_t lob;      /* SCR_PL_LOB */
    const scr_expr_t *amount, *offset; /* SCR_PL_LOB: its arguments, checked */
    int for_update;                    /* SCR_PL_INTO */
    int64_t rownum_max;    /* SCR_PL_INTO: `rownum <= N`, `rownum = 1`: the first N rows; -1 none */
    int unused;            /* SCR_PL_SPACE: unused_space, 0 space_usage */
    int assm;              /* SCR_PL_SPACE: space_usage's ASSM form */
    const uint32_t *codes; /* SCR_PL_CATCH: the errors' codes (1403 for ORA-01403) */
    uint32_t ncodes;
    const scr_expr_t *seg[4]; /* SCR_PL_SPACE: owner, name, type, partition (or NULL) */
    uint32_t outs[12];        /* SCR_PL_SPACE: the OUT arguments' number registers, in the
                               * procedure's order (unused_space: the first 7;
                               * space_usage's SecureFile form the first 8; free_blocks
                               * the first); SCR_PL_QUERY: the INTO variables' registers */
    const scr_query_t *query; /* SCR_PL_QUERY */
    uint32_t nouts;           /* SCR_PL_QUERY: INTO variables */
    uint8_t out_text[12];
    uint32_t out_max[12];
} scr_pl_op_t;

typedef struct {
    uint32_t nvars; /* the declared variables of vals: names, types, initialisers */
    char (*var_names)[SCR_NAME_MAX + 1];
    scr_type_t *var_types;           /* CLOB, VARCHAR (varchar2, long), BLOB (blob, raw) */
    scr_expr_t **vars;               /* each variable's initialiser (NULL: null), as declared; the
                                      * operations set it (SCR_PL_SET) */
    uint32_t nvals, nnums, ncursors; /* registers of each kind, cursors */
    uint32_t nops;
    scr_pl_op_t *ops;
    uint32_t nstmts;
    scr_stmt_t *stmts; /* the statements SCR_PL_STMT runs, in the block's order */
} scr_block_t;

struct scr_stmt {
    scr_kind_t kind;
    uint32_t step;           /* 1-based statement number */
    uint32_t line;           /* line of its first token */
    uint32_t session;        /* 0: every session runs it; n: session n only (a comment line
                              * `-- lobsim session: n` before it; sessions.c in script/) */
    int move_table;          /* SCR_MOVE_LOB: ALTER TABLE T MOVE, the table's segment too */
    int autotrace;           /* SET AUTOTRACE ON [STATISTICS] in force: its statistics
                              * printed under it (a query, insert, update, delete) */
    int shared_rows;         /* its rows are every session's: ids not offset per session (a
                              * comment line `-- lobsim rows: shared` before it, until
                              * `-- lobsim rows: own`) */
    const char *text;        /* the original text, terminator left out, NUL-terminated */
    int table;               /* index into scr_script_t.tables, -1 when none */
    int column;              /* the LOB column concerned, -1 when none */
    int setup;               /* from the setup script (scr_parse_setup()): run, not reported */
    const char *error;       /* SCR_FAILED: Oracle's error, "ORA-NNNNN: text" (PLS- for PL/SQL) */
    uint32_t error_line;     /* SCR_FAILED: the line of the text Oracle refused */
    const char *hint;        /* SCR_FAILED on a name the script never creates: the setup option */
    const char *inert;       /* clauses accepted with no effect on space, ", "-separated, or NULL */
    scr_on_error_t on_error; /* WHENEVER SQLERROR in force at this statement */
    union {
        const scr_head_t *head; /* SCR_NO_EFFECT */
        int tablespace;         /* SCR_CREATE_TABLESPACE, SCR_DROP_TABLESPACE: its index */
        scr_dml_t dml;
        int drop_purge;
        int shrink_cascade;
        struct {
            int keep_given;      /* KEEP was written */
            uint64_t keep_bytes; /* its bytes (K, M, G scaled) */
        } dealloc;
        int row_movement;
        struct {
            int add;        /* ADD PARTITION (1) or DROP PARTITION (0) */
            uint32_t index; /* the partition: index into the table's parts */
        } part;
        struct {
            const uint32_t *cols; /* the columns added or dropped, by index */
            uint32_t n;
        } columns;
        scr_lob_opts_t lob;
        double sleep_seconds;
        scr_param_t param;
        scr_block_t block;
        struct {
            const scr_query_t *query; /* SCR_OBSERVE answered from the model, or NULL */
            const char *why;          /* NULL: why it is not (not modelled: ...) */
            const uint32_t *set_item; /* COLUMN ... NEW_VALUE in force: item set_item[k]
                                       * of the last row sets variable set_var[k] */
            const uint32_t *set_var;
            uint32_t nsets;
        } observe;
    } u;
};

/* A SQL*Plus bind variable (VARIABLE NAME TYPE; binds.c): a number
 * (SCR_T_NUMBER), a VARCHAR2 of vmax characters or a CLOB, and the width
 * PRINT shows it in. */
typedef struct {
    char name[SCR_NAME_MAX + 1];
    scr_type_t type;
    uint32_t vmax, width;
} scr_bind_t;

typedef struct {
    const char *file;       /* as given to scr_parse */
    const char *setup_file; /* the setup script's (scr_parse_setup()), NULL without */
    uint32_t nsetup;        /* its statements, the first of stmts; a step is reported as
                             * step - nsetup, so that the script's first is step 1 */
    scr_options_t opts;
    uint32_t nstmts;
    scr_stmt_t *stmts;
    uint32_t ntables;
    scr_table_t *tables;
    uint32_t ntablespaces;
    scr_tablespace_t *tablespaces;
    uint32_t nbinds; /* the bind variables VARIABLE declared, a redeclaration a new one */
    scr_bind_t *binds;
    uint32_t nqdefs; /* substitution variables a query sets (COLUMN ... NEW_VALUE): by id */
    char (*qdefs)[SCR_NAME_MAX + 1];
    void *priv; /* the arena every pointer above lives in */
} scr_script_t;

/*
 * Parse `len` bytes of script text read from `file` (the name is only for
 * messages).  SIM_OK and *out set; a statement Oracle would refuse is in it
 * as an SCR_FAILED step with Oracle's error (the run goes on after it, as
 * SQL*Plus goes on).  SIM_EINVAL (bad input: a construct the model does
 * not know) and err holds one line "FILE:LINE: what was not understood",
 * *out untouched; SIM_ENOMEM likewise.
 */
sim_err_t scr_parse(const char *file, const char *text, size_t len, const scr_options_t *opts,
                    scr_script_t **out, char *err, size_t errlen);
/*
 * Which session runs each statement of s, from the comment lines
 * `-- lobsim session: N` (1 .. SCR_SESSIONS_MAX) and `-- lobsim session:
 * all` of its text: a statement takes the last marker before its first
 * line, 0 (every session) when none.  Likewise `-- lobsim rows: shared`
 * and `-- lobsim rows: own` (the default) say whether its rows are every
 * session's or its own (shared_rows).  scr_parse() calls it.  SIM_EINVAL
 * with one line "FILE:LINE: lobsim session '...' not understood (...)" or
 * "FILE:LINE: lobsim rows '...' not understood (...)".
 */
sim_err_t scr_mark_sessions(const char *file, const char *text, size_t len, scr_script_t *s,
                            char *err, size_t errlen);
/* FILE's text whole into *text (sim_malloc'd, *len bytes; sim_free() it):
 * SIM_OK, or SIM_EIO / SIM_EINVAL (over 1 GB) / SIM_ENOMEM with one line in
 * err.  What scr_parse_file() reads; a caller that reads the script's own
 * inputs (scr_read_inputs()) before parsing reads it with this. */
sim_err_t scr_read_file(const char *file, char **text, size_t *len, char *err, size_t errlen);
/*
 * The same, with a setup script read first (lobbench --setup): its
 * statements declare what the script expects of the author's database (a
 * tablespace, a source table) and are run but not reported
 * (scr_stmt_t.setup).  A setup statement Oracle would refuse refuses the
 * whole: "SETUP:LINE: ORA-... (the setup script must run without error
 * ...)".  Messages name the file the line is in.
 */
sim_err_t scr_parse_setup(const char *setup_file, const char *setup_text, size_t setup_len,
                          const char *file, const char *text, size_t len, const scr_options_t *opts,
                          scr_script_t **out, char *err, size_t errlen);
/* The script's text already read (by scr_read_file(), to read its inputs
 * first), parsed after SETUP_FILE's statements when it is not NULL. */
sim_err_t scr_parse_after_setup(const char *setup_file, const char *file, const char *text,
                                size_t len, const scr_options_t *opts, scr_script_t **out,
                                char *err, size_t errlen);
/* Read FILE whole and parse it; an unreadable file is one line too. */
sim_err_t scr_parse_file(const char *file, const scr_options_t *opts, scr_script_t **out, char *err,
                         size_t errlen);
/* scr_parse_setup() from files (setup_file NULL: none). */
sim_err_t scr_parse_files(const char *setup_file, const char *file, const scr_options_t *opts,
                          scr_script_t **out, char *err, size_t errlen);
void scr_free(scr_script_t *s);

const char *scr_kind_name(scr_kind_t k);
/* The LOB column of a table: the first CLOB or BLOB not dropped, -1 when none. */
int scr_table_lob(const scr_table_t *t);
/* The LOB columns not dropped before column col: the executor's number of
 * col's LOB segment among the table's (its LOB columns in column order). */
uint32_t scr_lob_slot(const scr_table_t *t, int col);
/* The VARCHAR2 columns before column col, dropped ones included: where a
 * row keeps col's value (below SCR_MAX_VARCHAR_COLUMNS; columns only grow,
 * so the number never changes). */
uint32_t scr_varchar_slot(const scr_table_t *t, int col);

/* ---- values ---------------------------------------------------------- */

/*
 * A value: an interned, reference-counted handle.  SCR_VAL_NULL is SQL's
 * null; an empty LOB (empty_clob()) is a value of length 0.
 */
typedef uint32_t scr_val_t;
#define SCR_VAL_NULL 0u

typedef struct {
    uint64_t chars;  /* length in characters (bytes for a BLOB) */
    uint64_t bytes;  /* bytes the LOB stores: chars, or 2 x chars for AL32UTF8 CLOB */
    uint64_t hash;   /* equal exactly when the contents are equal (up to 2^-61 collisions) */
    scr_type_t type; /* VARCHAR or CLOB (NULL for SCR_VAL_NULL) */
} scr_value_info_t;

typedef struct scr_values scr_values_t;

/* The row an expression is evaluated for. */
typedef struct {
    int64_t rownum;        /* rownum / level / loop index */
    int64_t id;            /* the row's id */
    scr_val_t current;     /* SCR_E_COLUMN's value when cols is NULL */
    const scr_val_t *vars; /* the block's variables (SCR_E_VAR), or NULL */
    const scr_val_t *cols; /* the row's value of each column, by column number (SCR_E_COLUMN),
                            * or NULL */
    const int64_t *nums;   /* a PL/SQL block's number registers (SCR_E_NUM), or NULL */
    const uint8_t *nulls;  /* which of them are null (1) */
    int64_t clock_cs;      /* the model's clock, hundredths of a second (SCR_E_CLOCK) */
} scr_row_t;

sim_err_t scr_values_create(const scr_options_t *opts, scr_values_t **out);
void scr_values_destroy(scr_values_t *vs);
/* Substitution variable id (scr_script_t.qdefs) := text, as a query's
 * COLUMN ... NEW_VALUE sets it; SIM_ENOMEM. */
sim_err_t scr_values_qdef_set(scr_values_t *vs, uint32_t id, const char *text);

/*
 * Evaluate e for row into *out (a new reference the caller releases).  An
 * expression Oracle refuses at run time (a concatenation of VARCHAR2 over
 * the limit: ORA-01489) gives SIM_EINVAL and one line "LINE: ORA-01489:
 * ..." in err.  A constant expression is built once and then looked up.
 */
sim_err_t scr_eval(scr_values_t *vs, const scr_expr_t *e, const scr_row_t *row, scr_val_t *out,
                   char *err, size_t errlen);
/* A NUMBER expression's value for row (the id an insert gives a row), by
 * the evaluator scr_eval() uses (a block's NUMBER variables read from vs):
 * 0, 1 when null, -1 when e is not a number. */
int scr_eval_int(scr_values_t *vs, const scr_expr_t *e, const scr_row_t *row, int64_t *out);
/*
 * Whether row satisfies p under SQL's three-valued logic: 1 true, 0 false,
 * -1 unknown (a null compared); -2 when an expression failed (its one line
 * "LINE: ORA-..." in err, or out of memory).  NULL p: true.  A where clause
 * takes a row, and a PL/SQL condition holds, only when it is 1.
 */
int scr_pred_eval(scr_values_t *vs, const scr_pred_t *p, const scr_row_t *row, char *err,
                  size_t errlen);
/* Take or drop a reference; the last release frees the value. */
void scr_value_ref(scr_values_t *vs, scr_val_t v);
void scr_value_release(scr_values_t *vs, scr_val_t v);
scr_value_info_t scr_value_info(const scr_values_t *vs, scr_val_t v);
/*
 * Copy up to n stored bytes of v from offset off into buf; returns the
 * number copied (0 past the end).  The stored form: one byte a character,
 * or UCS-2 big-endian (0x00, c) for a CLOB under AL32UTF8.
 */
size_t scr_value_read(const scr_values_t *vs, scr_val_t v, uint64_t off, uint8_t *buf, size_t n);
/* Whether a value of this info is stored as UCS-2 (two bytes a character:
 * a CLOB or VARCHAR2 under AL32UTF8), a character's low byte second. */
static inline int scr_value_ucs2(const scr_value_info_t *in)
{
    return in->chars > 0 && in->bytes == 2 * in->chars;
}
/* The value's characters as text in out (at most n - 1 of them, then
 * '\0'), whatever the character set stores them as (AL32UTF8: UCS-2, a
 * character's low byte); the number written. */
size_t scr_value_text(const scr_values_t *vs, scr_val_t v, char *out, size_t n);
/* Values alive (for memory checks): interned and referenced. */
uint64_t scr_values_live(const scr_values_t *vs);
/* Every live value's length and hash agree with its pieces; refcounts > 0. */
sim_err_t scr_values_check(const scr_values_t *vs);

#endif /* LOBSIM_SCRIPT_H */
