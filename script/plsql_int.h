/*
 * plsql_int.h -- the PL/SQL compiler's state, shared by plsql.c (the
 * statements and operations) and plsym.c (the block's names).
 */
#ifndef LOBSIM_PLSQL_INT_H
#define LOBSIM_PLSQL_INT_H

#include "script_int.h"

/* A user-defined exception's code without a pragma: this + its number
 * (plexc.c), above every Oracle error's. */
#define SCR_EXC_USER 10000000u

/* Calls compiled one inside another, and the actuals of one. */
#define SCR_PROC_DEPTH 8
#define SCR_PROC_PARAMS 32

/* A field of a cursor row over a view's query: an item's heading (its
 * alias or column) and the register its value is fetched into. */
typedef struct {
    char name[SCR_NAME_MAX + 1];
    uint32_t reg;
    int text; /* a VARCHAR2 register of vals; else nums */
} scr_qfield_t;

typedef struct {
    char name[SCR_NAME_MAX + 1];
    char kind;       /* 'v' a value register, 'n' a number register, 'r' a cursor row,
                      * 'q' a cursor row over a view's query (its fields qf),
                      * 'p' a procedure the block declares (reg: its index),
                      * 'x' an exception it declares (reg: its code, plexc.c),
                      * 'c' a cursor it declares (reg: its index in curdecl) */
    uint32_t reg;    /* v, n: its register; r: its id's number register */
    scr_type_t type; /* v, n */
    uint32_t vmax;   /* VARCHAR2(N), LONG, RAW(N): N; 0 no limit */
    int constant;    /* a CONSTANT, a loop index: not a target */
    int fixed;       /* never assigned after its declaration: its initialiser's length */
    int boolean;     /* n: a BOOLEAN (1 true, 0 false, null), set from conditions */
    const scr_expr_t *init;
    int table;                   /* r: its table */
    uint32_t lob;                /* r: the value register of its first LOB column */
    uint64_t sel;                /* r: the columns its select list names, a bit each (by number) */
    const struct scr_cursor *cs; /* r: its select (field aliases), while its loop is parsed */
    const scr_qfield_t *qf;      /* q: its fields, nqf of them */
    uint32_t nqf;
} sym_t;

struct scr_plc {
    scr_block_t *b;
    sym_t *syms;
    uint32_t nsyms, capsyms;
    uint32_t capops, capstmts;
    uint32_t try_id; /* the handler in force, 0: none */
    uint32_t *tries; /* try id - 1 -> its handler's first operation */
    uint32_t ntries, captries;
    int in_handler;      /* inside `exception when others`: `raise;` allowed */
    uint32_t loop_depth; /* loops open */
    struct exit_s {
        uint32_t op, depth; /* a jump to patch at the end of the loop at depth */
    } * exits;
    uint32_t nexits, capexits;
    uint32_t *cont; /* each open loop's `continue` target, by depth */
    /* Procedures (plproc.c): those the block declares (a name of kind 'p'
     * holds the index), the calls being compiled one inside another, the
     * `return` jumps to patch at the end of theirs (or of the block), and
     * for each call the caller's names its body does not see. */
    scr_proc_t *nested;
    uint32_t nnested, capnested;
    uint32_t depth;
    uint32_t *rets;
    uint32_t nrets, caprets;
    struct {
        uint32_t lo, hi;
    } hide[SCR_PROC_DEPTH];
    uint32_t nhide;
    uint32_t nexc; /* exceptions declared (plexc.c) */
    /* Cursors declared (`cursor c is select ...;`, plcursor.c); a name of
     * kind 'c' holds the index. */
    struct scr_cursor *curdecl;
    uint32_t ncurdecl, capcurdecl;
};

/* plcursor.c: a cursor's select (after '(' when paren, else ended by
 * ';'), read into *cs; a declared cursor (CURSOR taken); OPEN, FETCH ...
 * INTO and CLOSE of one (1, or 0 when the statement is none of them). */
#define SCR_CURSOR_COLS 32
typedef struct scr_cursor {
    int table;
    const scr_pred_t *cond;
    uint64_t sel;              /* the columns selected, a bit each */
    int cols[SCR_CURSOR_COLS]; /* and in the select list's order */
    uint32_t ncols;
    uint32_t cur, id, lob; /* declared: its cursor, its row's registers */
    uint32_t found, count; /* declared: %FOUND (null, 1, 0) and %ROWCOUNT */
    int order;             /* order by the id: 0 none, 1 ascending, 2 descending */
    uint32_t nlens;        /* dbms_lob.getlength(c) ALIAS items: alias lens_name[k] is the
                            * length of LOB column lens_col[k] */
    char lens_name[4][SCR_NAME_MAX + 1];
    int lens_col[4];
    const scr_query_t *vq; /* declared over a view: its query (table -1), run by a FOR loop */
} scr_cursor_t;
void scr_cursor_select(scr_parser_t *p, int paren, scr_cursor_t *cs);
/* Whether the select whose SELECT is token `at` reads a dictionary name
 * (its FROM's first source, outside parentheses), not a table of the
 * script. */
int scr_select_reads_view(scr_parser_t *p, uint32_t at);
void scr_cursor_declare(scr_parser_t *p, uint32_t line);
int scr_cursor_statement(scr_parser_t *p, uint32_t line);

/* plexc.c: `NAME exception;`, `pragma exception_init(NAME, -N);`, `raise
 * NAME;`, a handler's SQLCODE and SQLERRM, and `when A [or B] then` (the
 * SCR_PL_CATCH's index: its target the next handler's). */
void scr_exc_declare(scr_parser_t *p, const char *name, uint32_t line);
void scr_exc_pragma(scr_parser_t *p, uint32_t line);
void scr_exc_raise(scr_parser_t *p, uint32_t line);
void scr_exc_enter(scr_parser_t *p, uint32_t line);
uint32_t scr_exc_when(scr_parser_t *p, uint32_t line);

/* pldecl.c: a variable's type after its name (a parameter's without a
 * length when param), the assignments PL/SQL refuses, vals[s] or nums[s]
 * := e emitted, whether name is assigned after token `from`, and the
 * block's record of a variable. */
void scr_pl_var_type(scr_parser_t *p, sym_t *s, uint32_t line, int param);
void scr_pl_check_assign(scr_parser_t *p, const sym_t *s, const scr_expr_t *e);
void scr_pl_emit_set(scr_parser_t *p, const sym_t *s, const scr_expr_t *e, uint32_t line);
void scr_pl_emit_bool(scr_parser_t *p, const sym_t *s, uint32_t line);
int scr_pl_assigned(const scr_parser_t *p, const char *name, uint32_t from);
void scr_pl_record_var(scr_parser_t *p, const sym_t *s, scr_expr_t *init);

/* plproc.c: a call compiled inline.  scr_proc_at_call() finds the
 * procedure the statement at p->i calls (NULL: none); scr_proc_enter()
 * takes its actuals, binds its parameters in a scope of their own and
 * leaves p->i at its declarations; plsql.c compiles them and the body;
 * scr_proc_leave() patches its returns and gives the caller's text back. */
typedef struct {
    scr_tok_t *toks;
    uint32_t ntoks, i, mark, rets, loop_depth, nexits, capexits, nhide;
    struct exit_s *exits;
    uint32_t *cont;
    int in_handler, stored;
} scr_proc_frame_t;
const scr_proc_t *scr_proc_at_call(scr_parser_t *p);
void scr_proc_enter(scr_parser_t *p, const scr_proc_t *pr, scr_proc_frame_t *f, uint32_t line);
void scr_proc_leave(scr_parser_t *p, scr_proc_frame_t *f);
void scr_proc_declare(scr_parser_t *p, uint32_t line);
void scr_proc_return(scr_parser_t *p, uint32_t line);
/* plsym.c: a second name for a variable (an OUT parameter: its actual). */
sym_t *scr_plsym_alias(scr_parser_t *p, const char *name, const sym_t *of, uint32_t line);

/* plsym.c: a name declared in the innermost scope (PLS-00371 on a second
 * one), found innermost first, and scopes opened and closed. */
sym_t *scr_plsym_add(scr_parser_t *p, const char *name, char kind, uint32_t line);
sym_t *scr_plsym_find(scr_parser_t *p, const char *name);
/* The name found, or PLS-00201 at line. */
sym_t *scr_plsym_declared(scr_parser_t *p, const char *name, uint32_t line);
/* A NUMBER or value variable (not a cursor row, procedure, exception or
 * cursor): what may be assigned, selected or fetched into. */
static inline int scr_plsym_is_var(const sym_t *s)
{
    return s->kind == 'n' || s->kind == 'v';
}
uint32_t scr_plsym_open(scr_parser_t *p);
void scr_plsym_close(scr_parser_t *p, uint32_t mark);

/* plops.c: an operation of kind k appended (its index), the operation at
 * i, the index the next one takes, and a statement of the block appended
 * with the SCR_PL_STMT operation that runs it. */
uint32_t scr_pl_emit(scr_parser_t *p, scr_pl_kind_t k, uint32_t line);
scr_pl_op_t *scr_pl_op(scr_parser_t *p, uint32_t i);
uint32_t scr_pl_here(const scr_parser_t *p);
scr_stmt_t *scr_pl_push_stmt(scr_parser_t *p, uint32_t line);

/* plcall.c: a call of a package the subset knows (dbms_output,
 * dbms_lock/dbms_session.sleep, dbms_lob, dbms_space.space_usage and
 * unused_space, raise_application_error),
 * execute immediate, or select ... into, compiled: 1, or 0 when the
 * statement at p->i is none of them (nothing taken). */
int scr_pl_call(scr_parser_t *p, uint32_t line);
/* plspace.c: dbms_space.PROC(...); at p->i: 1 and its operation emitted,
 * 0 and nothing taken when it is not a dbms_space call. */
int scr_pl_space_call(scr_parser_t *p, uint32_t line);
/* pllob.c: a dbms_lob procedure's call (0: not one, nothing taken); the
 * rest of an argument list the model does not use, to its ')'; the first
 * n characters of register r (of type ty) as an expression. */
int scr_pl_lob_call(scr_parser_t *p, uint32_t line);
void scr_pl_skip_args(scr_parser_t *p);
scr_expr_t *scr_pl_lob_prefix(scr_parser_t *p, uint32_t r, scr_type_t ty, int64_t n, uint32_t line);

#endif
