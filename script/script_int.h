/*
 * script_int.h -- the parser's private parts: the arena every parsed object
 * lives in, the tokens, and the parser's state shared by its files.
 */
#ifndef LOBSIM_SCRIPT_INT_H
#define LOBSIM_SCRIPT_INT_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>

#include "script.h"

/* x to a whole number as ROUND does (half away from zero) or TRUNC does
 * (toward zero): eval.c's functions and answer.c's query items. */
static inline double scr_round_whole(double x, int round_it)
{
    if (round_it)
        return x < 0 ? -floor(-x + 0.5) : floor(x + 0.5);
    return x < 0 ? -floor(-x) : floor(x);
}

/* ---- arena (arena.c) -------------------------------------------------- */

typedef struct scr_arena_block scr_arena_block_t;
typedef struct {
    scr_arena_block_t *head;
    jmp_buf *oom; /* longjmp(*oom, 1) when an allocation fails */
} scr_arena_t;

void *scr_arena_alloc(scr_arena_t *a, size_t n); /* zeroed */
char *scr_arena_strndup(scr_arena_t *a, const char *s, size_t n);
void scr_arena_free(scr_arena_t *a);
/* Room for element n of an array of `size`-byte elements at v, holding
 * *cap: v, or a copy twice the size (the old one stays in the arena). */
void *scr_arena_grow(scr_arena_t *a, void *v, uint32_t n, uint32_t *cap, size_t size);

/* ---- tokens (lex.c) --------------------------------------------------- */

typedef enum {
    SCR_TOK_EOF,
    SCR_TOK_IDENT,  /* unquoted: text upper-cased */
    SCR_TOK_QIDENT, /* "quoted": text as written */
    SCR_TOK_STRING, /* 'literal': text with '' folded */
    SCR_TOK_NUMBER, /* digits [. digits] [e digits] [K|M|G|T]: text as written */
    SCR_TOK_SYM,    /* ( ) , ; . + - * / % = < > <= >= <> != ^= || := .. => */
    SCR_TOK_BAD     /* what Oracle's parser refuses (an invalid character, an identifier
                     * too long): text is its error, "ORA-NNNNN: ...", given to the
                     * statement that holds it */
} scr_tok_kind_t;

typedef struct {
    scr_tok_kind_t kind;
    const char *text; /* arena copy, NUL-terminated (idents upper-cased) */
    uint32_t len;
    uint32_t line;
    size_t start, end; /* byte offsets in the script */
    int line_first;    /* the first token on its line */
    int slash_line;    /* a '/' alone on its line: SQL*Plus's terminator */
    const char *bind;  /* a bind variable (`:name`): ":NAME" (binds.c), else NULL */
} scr_tok_t;

typedef struct {
    const char *file;
    const char *src;
    size_t len;
    size_t pos;
    uint32_t line;
    int at_line_start; /* nothing but blanks since the last newline */
    scr_arena_t *arena;
    char *err;
    size_t errlen;
    jmp_buf *fail; /* longjmp(*fail, 2) after writing err */
} scr_lexer_t;

/* Skip blanks and comments (an unclosed comment is refused). */
void scr_lex_skip(scr_lexer_t *lx);
/* The next token (SCR_TOK_EOF at the end); comments and blanks skipped. */
void scr_lex_next(scr_lexer_t *lx, scr_tok_t *t);
/* Refuse: "FILE:LINE: message" into err, then longjmp. */
_Noreturn void scr_lex_fail(scr_lexer_t *lx, uint32_t line, const char *fmt, ...);
/* `s` (n bytes) quoted for a message: cut to 40 bytes, control bytes as '?'. */
void scr_quote(const char *s, size_t n, char *out, size_t outlen);

/* Database links a script may create (link.c), and a link name's length
 * (NAME.DOMAIN...). */
#define SCR_MAX_LINKS 16
#define SCR_LINK_NAME_MAX 128

/* A procedure (plproc.c): created by the script or its setup (stored), or
 * declared in a block (nested); its text's tokens and where its parts
 * begin.  Each call is compiled inline from them. */
typedef struct {
    char name[SCR_NAME_MAX + 1];
    scr_tok_t *toks; /* its text: a stored one's own copy, a nested one's block's */
    uint32_t ntoks;
    uint32_t params; /* the '(' of its parameters (0: it has none) */
    uint32_t body;   /* the token after IS or AS */
    uint32_t scope;  /* nested: the block's names it sees, those before it */
    int stored;
} scr_proc_t;

/* ---- parser state (parse.c, ddl.c, dml.c, expr.c, sema.c) ------------- */

typedef struct {
    scr_lexer_t *lx;
    scr_script_t *script;
    scr_arena_t *arena;
    const scr_options_t *opts;
    scr_tok_t *toks;       /* the statement's tokens, ending with SCR_TOK_EOF */
    scr_tok_t *toks_outer; /* a block's, while execute immediate's literal is parsed */
    scr_tok_t *toks_text;  /* execute immediate's text being lexed (freed if refused) */
    scr_tok_t *toks_held;  /* the statement's, while a procedure's text is compiled in
                            * their place (plproc.c); p->toks then the procedure's */
    uint32_t ntoks;
    uint32_t i;    /* the next token */
    uint32_t step; /* the statement being parsed */
    /* Growing arrays (sim_realloc'd; moved into the arena at the end). */
    uint32_t cap_stmts, cap_tables, cap_tablespaces;
    /* Each table's LOB options as the statements so far left them (alter
     * table changes them; scr_table_t keeps those of its create). */
    scr_lob_opts_t **lob_now;
    /* Inside a PL/SQL block: its variables, for SCR_E_VAR. */
    scr_block_t *block;
    int securefile_default; /* db_securefile: a LOB without SECUREFILE or BASICFILE */
    int securefile_force;   /* db_securefile FORCE: a SecureFile outside ASSM is an error */
    /* Inside a PL/SQL block: its compiler (plsql.c), which resolves names. */
    struct scr_plc *plc;
    int setup;               /* reading the setup script (scr_parse_setup()) */
    scr_on_error_t on_error; /* WHENEVER SQLERROR as the script has left it */
    /* The name an ORA-00942 or ORA-00959 of this statement did not find:
     * 'T' a table, 'S' a tablespace, 0 none (the setup option's hint). */
    int missing_kind;
    char missing[SCR_NAME_MAX + 1];
    char inert[512]; /* this statement's clauses accepted without effect */
    /* SQL*Plus's substitution variables (define.c), kept from the setup
     * into the script as one session keeps them. */
    struct scr_define *defines;
    struct scr_newval *newvals; /* COLUMN ... NEW_VALUE commands, in text order */
    uint32_t nnewvals, cap_newvals;
    struct scr_autot *autot; /* SET AUTOTRACE commands, in text order */
    uint32_t nautot, cap_autot;
    struct scr_colfmt *colfmts; /* COLUMN FORMAT / HEADING / CLEAR, CLEAR COLUMNS (colfmt.c) */
    uint32_t ncolfmts, cap_colfmts;
    uint32_t cap_qdefs; /* scr_script_t.qdefs' room */
    int define_char;    /* SET DEFINE: '&', another character, 0 off */
    int div_ok;         /* a division may be parsed here: a rounding function's argument */
    int gen_view;       /* a select list over ALL_OBJECTS as a row generator is parsed */
    int define_seen;    /* the run's own (scr_options_t.defines) defined */
    /* The database links created so far (link.c), kept from the setup. */
    char links[SCR_MAX_LINKS][SCR_LINK_NAME_MAX + 1];
    uint32_t nlinks;
    /* The user connected (USER): the last CONNECT's, "LOBSIM" before one
     * (the model's one schema; stmt.c). */
    char user[SCR_NAME_MAX + 1];
    uint32_t capbinds; /* script->binds' room (binds.c) */
    /* The sequences alive (sequence.c): each CREATE a new one (id). */
    struct scr_seq {
        char name[SCR_NAME_MAX + 1];
        int64_t start, inc;
        uint32_t id;
    } * seqs;
    uint32_t nseqs, capseqs, nseqids;
    /* The procedures created so far (plproc.c), kept from the setup. */
    scr_proc_t *procs;
    uint32_t nprocs, capprocs;
} scr_parser_t;

/* binds.c: VARIABLE and PRINT, the rest of t's line (PRINT a step: a
 * block parse compiles); a statement's declared binds made names ":NAME"
 * (refused in SQL other than insert, update and delete); in a block, its
 * binds loaded (store 0) or stored back (store 1). */
void scr_variable(scr_parser_t *p, const scr_tok_t *t);
void scr_print(scr_parser_t *p, const scr_tok_t *t, void (*parse)(scr_parser_t *, scr_stmt_t *));
/* 1 when toks are a plain insert, update or delete naming binds: run it
 * as the block `begin STATEMENT; end;`. */
int scr_binds_resolve(scr_parser_t *p, scr_tok_t *toks, uint32_t n, int plsql);
void scr_binds_block(scr_parser_t *p, int store, uint32_t line);

/* sequence.c: CREATE SEQUENCE (START WITH, INCREMENT BY read) or DROP
 * SEQUENCE, the statement in p->toks; and S.NEXTVAL or S.CURRVAL at p->i
 * when S is a sequence alive (its node; NULL, nothing taken, when not). */
void scr_sequence_statement(scr_parser_t *p);
scr_expr_t *scr_sequence_value(scr_parser_t *p, uint32_t line);

/* generator.c: a row generator after FROM (dual connect by level <= N,
 * all_objects where rownum <= N when no table of that name is declared):
 * 1 and its N rows, 0 and nothing taken when p->i is none; WITH NAME AS
 * (a generator) read (NAME and N); and the select's FROM of NAME's
 * references from p->i, [where rownum <= M]: the rows the insert makes. */
int scr_generator_source(scr_parser_t *p, uint64_t *rows);
void scr_with_generator(scr_parser_t *p, char name[SCR_NAME_MAX + 1], uint64_t *rows);
uint64_t scr_generator_from(scr_parser_t *p, const char *name, uint64_t rows);

/* plproc.c: CREATE [OR REPLACE] PROCEDURE or DROP PROCEDURE, the
 * statement in p->toks (heads.c's "procedures"): kept or forgotten,
 * Oracle's error when it cannot be; and a procedure created so far by its
 * name (NULL: none). */
void scr_proc_statement(scr_parser_t *p);
const scr_proc_t *scr_proc_stored(const scr_parser_t *p, const char *name);

/* link.c: CREATE or DROP DATABASE LINK, the statement in p->toks
 * (heads.c's "database links"): the name kept or forgotten, Oracle's
 * error when it cannot be. */
void scr_link_statement(scr_parser_t *p);
/* `@LINK` after a table's name: the link's number + 1, 0 when no '@'
 * follows; a link not created is ORA-02019. */
int scr_accept_link(scr_parser_t *p);

/* define.c: text with its substitution variables replaced, line by line
 * (DEFINE, UNDEFINE, SET DEFINE and COLUMN ... NEW_VALUE followed), in the
 * arena; an undefined one is refused with its line. */
typedef struct scr_define scr_define_t;
const char *scr_define_text(scr_parser_t *p, const char *text, size_t len, size_t *outlen);
void scr_define_set(scr_parser_t *p, const char *name, size_t nlen, const char *value, size_t vlen);
/* String literal t as an expression when it names a variable a query sets
 * (`'&lob'` after COLUMN ... NEW_VALUE LOB): its text around the
 * references, and each reference's value when it runs; NULL when none. */
scr_expr_t *scr_define_expr(scr_parser_t *p, const scr_tok_t *t);
/* Whether SET AUTOTRACE shows the statistics of a statement at line. */
int scr_define_autotrace(const scr_parser_t *p, uint32_t line);
/* The NEW_VALUE variables the query statement st (q's items) sets. */
void scr_define_sets(scr_parser_t *p, scr_stmt_t *st, const scr_query_t *q);
/* colfmt.c: a COLUMN command's FORMAT, HEADING or CLEAR for column col
 * (cn bytes), its options in [at, e) of s; CLEAR COLUMNS; and, for a
 * query parsed at st, each shown item's settings in force there. */
void scr_colfmt_note(scr_parser_t *p, uint32_t line, const char *col, size_t cn, const char *s,
                     size_t at, size_t e);
void scr_colfmt_clear_all(scr_parser_t *p, uint32_t line);
void scr_colfmt_apply(scr_parser_t *p, const scr_stmt_t *st, scr_query_t *q);

/* cursor.c: a clause the statement names that has no effect in the
 * model, listed under --explain (scr_stmt_t.inert). */
void scr_inert(scr_parser_t *p, const char *clause);

_Noreturn void scr_fail(scr_parser_t *p, const char *fmt, ...);
_Noreturn void scr_fail_at(scr_parser_t *p, uint32_t line, const char *fmt, ...);
/* Refuse the current token: "'TOK' not understood (expected WHAT)". */
_Noreturn void scr_unexpected(scr_parser_t *p, const char *expected);

const scr_tok_t *scr_peek(const scr_parser_t *p);
const scr_tok_t *scr_peek_at(const scr_parser_t *p, uint32_t ahead);
const scr_tok_t *scr_take(scr_parser_t *p);
/* The current token is the keyword (an unquoted identifier) kw. */
int scr_is_kw(const scr_parser_t *p, const char *kw);
int scr_accept_kw(scr_parser_t *p, const char *kw);
void scr_expect_kw(scr_parser_t *p, const char *kw);
int scr_is_sym(const scr_parser_t *p, const char *sym);
int scr_accept_sym(scr_parser_t *p, const char *sym);
void scr_expect_sym(scr_parser_t *p, const char *sym);
/* An identifier (quoted or not) into name; what names what it should be. */
void scr_expect_name(scr_parser_t *p, char name[SCR_NAME_MAX + 1], const char *what);
/* A table's name, optionally SCHEMA.TABLE (the schema is left out). */
void scr_expect_table_name(scr_parser_t *p, char name[SCR_NAME_MAX + 1]);
/* A whole number in [lo, hi], optional K/M/G/T suffix when scaled. */
uint64_t scr_expect_uint(scr_parser_t *p, uint64_t lo, uint64_t hi, int scaled, const char *what);
/* A whole number, optionally negative, as int64. */
int64_t scr_expect_int(scr_parser_t *p, const char *what);
/* The statement has ended: nothing left but EOF. */
void scr_expect_end(scr_parser_t *p);

/* ddl.c */
void scr_parse_create(scr_parser_t *p, scr_stmt_t *st);
/* partition.c: after PARTITION in create table, BY LIST | RANGE (col)
 * (partitions...) into t (cols: the columns so far; *key_col the key's);
 * the key checked to be the id column once that is known; ALTER TABLE
 * T ADD | DROP PARTITION after the table's name (1: it was, st made; 0:
 * another ALTER TABLE, nothing taken).  lob_params: ddl.c's reader of a
 * partition's LOB parameters `( ... )` into *o (params: they follow) and
 * Oracle's check of them (ORA-43856), handed down so that partition.c
 * and ddl.c do not call each other. */
typedef void (*scr_lob_params_fn)(scr_parser_t *p, scr_lob_opts_t *o, int params, uint32_t line);
void scr_parse_partitioning(scr_parser_t *p, scr_table_t *t, const scr_column_t *cols,
                            uint32_t ncols, int *key_col, scr_lob_params_fn lob_params);
void scr_partition_key_check(scr_parser_t *p, const scr_table_t *t, int key_col);
int scr_parse_partition_alter(scr_parser_t *p, scr_stmt_t *st, scr_table_t *t,
                              scr_lob_params_fn lob_params);
void scr_parse_alter(scr_parser_t *p, scr_stmt_t *st);
void scr_parse_drop(scr_parser_t *p, scr_stmt_t *st);
void scr_parse_truncate(scr_parser_t *p, scr_stmt_t *st);
/* columns.c: after ALTER TABLE T, at ADD's columns and after DROP. */
/* A table of more LOB columns than the executor holds
 * (SCR_MAX_LOB_COLUMNS) is refused, one line naming it. */
void scr_lob_columns_check(scr_parser_t *p, const scr_table_t *t);
void scr_parse_add_columns(scr_parser_t *p, scr_stmt_t *st);
void scr_parse_drop_columns(scr_parser_t *p, scr_stmt_t *st);
/* clauses.c: a LOB column's options before its storage clause (Oracle's
 * defaults); STORAGE (...) (lob: a LOB's, whose INITIAL and MAXSIZE the
 * model uses), a column's type, its default and inline constraints (1:
 * PRIMARY KEY), an out-of-line constraint (1; pk_col the primary key's
 * first column or ""), a table property the model does not use (1). */
void scr_storage_clause(scr_parser_t *p, uint64_t *initial, uint64_t *next, uint64_t *maxsize,
                        uint32_t *given, int lob);
void scr_lob_defaults(scr_lob_opts_t *o, int securefile);
/* lobclause.c: the parameters in STORE AS ... ( ... ) or MODIFY LOB (c)
 * ( ... ) (`modify` allows SHRINK SPACE and DEALLOCATE UNUSED: st's kind
 * set, 1 returned); Oracle's refusal of SecureFile options on a BasicFile
 * (ORA-43856); and `LOB (c[, c]) STORE AS ...` after LOB taken, its
 * options given to the named columns among cols[0..n). */
int scr_lob_parameters(scr_parser_t *p, scr_lob_opts_t *o, int modify, scr_stmt_t *st);
void scr_lob_check(scr_parser_t *p, const scr_lob_opts_t *o, uint32_t line);
void scr_lob_storage_clause(scr_parser_t *p, scr_column_t *cols, uint32_t n);
void scr_column_type(scr_parser_t *p, scr_column_t *c);
/* `( ... )` skipped whole, nested parentheses included. */
void scr_skip_parens(scr_parser_t *p);
int scr_column_constraints(scr_parser_t *p, char pk_name[SCR_NAME_MAX + 1]);
int scr_table_constraint(scr_parser_t *p, char pk_col[SCR_NAME_MAX + 1], uint32_t *line,
                         char pk_name[SCR_NAME_MAX + 1]);
int scr_table_property(scr_parser_t *p);
/* `(c, ...) STORE AS` of a LOB storage clause: the LOB columns named, as
 * indexes into cols[0..ncols) in which[0..64) (*nw of them); ORA-00904 for
 * a name no column has, a refusal for a column that is not a LOB. */
void scr_lob_column_list(scr_parser_t *p, const scr_column_t *cols, uint32_t ncols, int which[64],
                         int *nw);
/* The class of an ALTER TABLE of table properties only (heads.c). */
const scr_head_t *scr_head_table_properties(void);
/* The class of an ALTER TABLE ... ADD CONSTRAINT (heads.c). */
const scr_head_t *scr_head_constraints(void);
/* cursor.c: a select list skipped to its FROM (taken): where the list
 * began.  dml.c: */
uint32_t scr_skip_select_list(scr_parser_t *p);
/* The index of the next token sym from p->i outside the parentheses opened
 * after it (a ';' ending a statement; the ')' closing a '(' just taken);
 * none: refused, expecting it.  Nothing taken. */
uint32_t scr_next_outside(scr_parser_t *p, const char *sym);
void scr_parse_insert(scr_parser_t *p, scr_stmt_t *st);
void scr_parse_update(scr_parser_t *p, scr_stmt_t *st);
void scr_parse_delete(scr_parser_t *p, scr_stmt_t *st);
/* from.c: `select *` of table src into columns target[0..n) of t (values
 * by column number; ORA-00913 / ORA-00947 when the counts differ), and
 * `create table T [tablespace X] as select ...` into st and *t. */
void scr_from_star(scr_parser_t *p, const scr_table_t *t, int src, const int *target, uint32_t n,
                   uint32_t line, scr_expr_t **values);
void scr_parse_ctas(scr_parser_t *p, scr_stmt_t *st, scr_table_t *t);
/* query.c: a select whose answer the model gives, into st (SCR_OBSERVE,
 * u.query; NULL with a reason when the model cannot answer it). */
void scr_parse_query(scr_parser_t *p, scr_stmt_t *st);
/* A select ... into of PL/SQL over the views the model fills, from `select`
 * to its `;` (or the end of execute immediate's text): the query, and
 * into_at the token of its first INTO variable (the caller resolves
 * them); binds: execute immediate's USING expressions by position.  What
 * the model cannot answer is refused, one line, naming why. */
const scr_query_t *scr_parse_query_into(scr_parser_t *p, const scr_expr_t *const *binds,
                                        uint32_t nbinds, uint32_t *into_at);
/* The same over the tokens from p->i to the next `closer` outside
 * parentheses (the ';' ending the statement, the ')' closing a select
 * just opened), taken with it; no binds. */
const scr_query_t *scr_parse_query_to(scr_parser_t *p, const char *closer, uint32_t *into_at);
/* Whether the select at p->i reads a dictionary view (its first FROM
 * source's name), or lists a LOB's length or a sum or avg (of a table
 * too): select ... into then goes to scr_parse_query_into. */
int scr_query_answers_into(const scr_parser_t *p);

/* The state of one select's parse (query.c), which qnames.c and qitems.c
 * read its sources through. */
typedef struct {
    scr_parser_t *p;
    jmp_buf *jb; /* not answered: longjmp(3) with why in the lexer's err */
    scr_query_t *q;
    const scr_vcol_t *cols; /* NULL for a table */
    uint32_t ncols;
    int joined;                      /* v$mystat's join on statistic# seen */
    char alias[2][SCR_NAME_MAX + 1]; /* the sources' qualifiers: alias, else name */
    int nalias;
    int dba[2]; /* each source DBA_ (1) or USER_ (0) */
    int into;   /* select ... into (PL/SQL): INTO before FROM */
    uint32_t into_at;
    int plsql;                      /* in a block: a name not a column is a variable */
    const scr_expr_t *const *binds; /* execute immediate's USING, by position */
    uint32_t nbinds, nextbind;
    uint32_t either;                  /* or-groups so far */
    char usings[4][SCR_NAME_MAX + 1]; /* JOIN ... USING (c, ...): named unqualified */
    uint32_t nusing;
} scr_qp_t;
/* qnames.c: the query is not answered, why in the lexer's err (longjmp 3
 * to jb); the column [q.]name names (ORA-00904 when none; not modelled
 * when the model lacks it); whether the next tokens name one (nothing
 * taken). */
_Noreturn void scr_query_not_modelled(scr_parser_t *p, jmp_buf *jb, const char *why);
_Noreturn void scr_qp_not_modelled(scr_qp_t *x, const char *why);
int scr_qp_column(scr_qp_t *x, char *name_out);
int scr_qp_is_column(scr_qp_t *x);
/* qviews.c: a view's name to the view the model fills (and whether DBA_);
 * whether a name is the dictionary's or the instance's, not a user's. */
int scr_view_of(const char *name, scr_view_t *v, int *dba);
int scr_dictionary_name(const char *n);
/* qitems.c: an item of the select list into x's query; an order by key
 * (its item's index, an item added for a column not in the list); the
 * items of select * of a view. */
void scr_qitem_parse(scr_qp_t *x);
int scr_qorder_key(scr_qp_t *x);
void scr_qstar_items(scr_qp_t *x);
/* plsql.c: a declare/begin block, or an exec call, into st. */
void scr_parse_block(scr_parser_t *p, scr_stmt_t *st);
/* expr.c */
scr_expr_t *scr_parse_expr(scr_parser_t *p, int table, int plsql);
/* pred.c: a OP b read as b OP' a (< as >, <= as >=). */
scr_op_t scr_op_flip(scr_op_t op);

/* numfmt.c: whether fmt is a number format model TO_CHAR takes here; v
 * under it into out (NUL-terminated), its length. */
int scr_numfmt_valid(const char *fmt);
size_t scr_numfmt(int64_t v, const char *fmt, char *out, size_t outlen);
/* A new expression node of the arena (static_len -1: unknown); inline, so
 * that plsym.c and expr.c, which both make nodes, do not call each other. */
static inline scr_expr_t *scr_expr_node(scr_parser_t *p, scr_expr_kind_t k, scr_type_t ty,
                                        uint32_t line)
{
    scr_expr_t *e = scr_arena_alloc(p->arena, sizeof *e);
    e->kind = k;
    e->type = ty;
    e->line = line;
    e->static_len = -1;
    return e;
}
/* plsym.c: name (already taken) as the block in scope resolves it: a
 * variable, a loop index, a cursor row's field (`r.id`, the '.' and the
 * field taken); NULL when the block has no such name. */
scr_expr_t *scr_plsql_name(scr_parser_t *p, const char *name, uint32_t line);
/* pred.c: a where clause (table: its table, -1 none: a PL/SQL condition,
 * plsql set); `and rownum <= N` at its top sets *rownum_max (NULL:
 * refused). */
scr_pred_t *scr_parse_pred(scr_parser_t *p, int table, int64_t *rownum_max);
scr_pred_t *scr_parse_cond(scr_parser_t *p, int table, int plsql, int64_t *rownum_max);
/* plsym.c: whether NAME is a BOOLEAN variable of the block being
 * compiled (*reg its number register). */
int scr_plsym_boolean(scr_parser_t *p, const char *name, uint32_t *reg);
/* plsym.c: whether NAME%ATTR is a declared cursor's %FOUND or %NOTFOUND
 * (*reg its register: null, 1 or 0). */
int scr_plsym_cursor_found(scr_parser_t *p, const char *name, const char *attr, uint32_t *reg);
/* The value of `id = key` that a where clause p is, key naming no
 * column (a variable): the primary key's access path; NULL otherwise. */
const scr_expr_t *scr_pred_key(const scr_pred_t *p);
/* stmt.c: the parser's tokens become those of text (execute immediate's
 * literal, lexed at `line`; a ';' in it ORA-00911), the block's state kept
 * in sv; scr_text_leave() frees them and puts the block's back. */
typedef struct {
    scr_lexer_t lx;
    scr_tok_t *toks;
    uint32_t ntoks, i;
    scr_block_t *block;
    struct scr_plc *plc;
} scr_text_saved_t;
void scr_text_enter(scr_parser_t *p, const char *text, size_t len, uint32_t line,
                    scr_text_saved_t *sv);
void scr_text_leave(scr_parser_t *p, scr_text_saved_t *sv);
/* stmt.c: tokens gathered; one statement's tokens (p->toks) parsed into
 * st by `parse` under a jump buffer of its own: 0, or 2 refused (the
 * message in lx->err); a statement of no effect recognised (1); SQL;
 * a refusal made Oracle's error in st (SCR_FAILED) or, when it is not
 * Oracle's, the script's; and one SQL statement of text (execute
 * immediate's literal, at line), refused as at the top level. */
typedef struct {
    scr_tok_t *v;
    uint32_t n, cap;
} scr_tokvec_t;
void scr_tokvec_push(scr_parser_t *p, scr_tokvec_t *tv, const scr_tok_t *t);
int scr_parse_guarded(scr_parser_t *p, scr_stmt_t *st, void (*parse)(scr_parser_t *, scr_stmt_t *));
int scr_parse_no_effect(scr_parser_t *p, scr_stmt_t *st);
void scr_parse_sql(scr_parser_t *p, scr_stmt_t *st);
void scr_oracle_error(scr_parser_t *p, scr_stmt_t *st);
void scr_parse_sql_text(scr_parser_t *p, scr_stmt_t *st, const char *text, size_t len,
                        uint32_t line);
/* sema.c */
int scr_table_find(scr_parser_t *p, const char *name);                   /* the live table, -1 */
int scr_table_resolve(scr_parser_t *p, const char *name, uint32_t line); /* or ORA-00942 */
int scr_column_resolve(scr_parser_t *p, int table, const char *name, uint32_t line); /* ORA-00904 */
int scr_table_add(scr_parser_t *p, const scr_table_t *t); /* ORA-00955 when it exists */
void scr_table_drop(scr_parser_t *p, int table);
/* The LOB options of column `col` of `table` as the script has left them. */
scr_lob_opts_t *scr_lob_now(scr_parser_t *p, int table, int col);
/* The table's options in force, a column each, replaced by a bigger array
 * (an added column's, columns.c). */
void scr_lob_now_set(scr_parser_t *p, int table, scr_lob_opts_t *now);
/* A MODIFY LOB's options o merged into those in force, *cur; *after the
 * result, its `given` o's. */
void scr_lob_modify(scr_lob_opts_t *cur, const scr_lob_opts_t *o, scr_lob_opts_t *after);
int scr_tablespace_find(scr_parser_t *p, const char *name);
/* The live tablespace of that name, or ORA-00959 naming it. */
int scr_tablespace_resolve(scr_parser_t *p, const char *name, uint32_t line);
int scr_tablespace_add(scr_parser_t *p, const scr_tablespace_t *ts);
/* A LOB column of table by name: ORA-00904 when missing, refused when not a LOB. */
int scr_lob_column_resolve(scr_parser_t *p, int table, const char *name, uint32_t line);

/* sema.c: a new statement at line.  lex.c: the lexer past the line
 * holding pos (and its '-' continuations). */
scr_stmt_t *scr_new_stmt(scr_parser_t *p, uint32_t line);
void scr_skip_line(scr_lexer_t *lx, size_t pos);
/* sqlplus.c: WHENEVER on t's line read into p->on_error; a line command
 * of heads.c at t (1: taken, the lexer past its line). */
void scr_whenever(scr_parser_t *p, const scr_tok_t *t);
int scr_line_command(scr_parser_t *p, const scr_tok_t *t);

/* heads.c: the longest head of the table the tokens begin with (NULL:
 * none), and how many tokens it took in *words. */
const scr_head_t *scr_head_find(const scr_tok_t *toks, uint32_t ntoks, uint32_t *words);

/* The next line of text from *at (advanced past it; *line counts lines
 * from 0) that begins with tag: 1 with *val where its value begins, after
 * blanks, and *end where the line ends; 0 at the end of the text
 * (inputs.c: the comment lines `-- lobsim ...`). */
int scr_tag_line(const char *text, size_t len, const char *tag, size_t *at, uint32_t *line,
                 size_t *val, size_t *end);

#endif /* LOBSIM_SCRIPT_INT_H */
