/*
 * pllob.c -- dbms_lob's procedures in a PL/SQL block, compiled into
 * operations (plops.c) for life_sim's loop.
 *
 * dbms_lob (PL/SQL Packages and Types Reference, DBMS_LOB): a CLOB or
 * BLOB variable is a locator.  Each procedure that writes is one
 * SCR_PL_LOB operation whose new value is an expression over the
 * registers, built here from Oracle's definition of the procedure
 * (WRITEAPPEND: the first `amount` of the buffer after the LOB's end;
 * WRITE and COPY: `amount` at `offset`, a gap before it filled with
 * spaces (CLOB) or zero bytes (BLOB); APPEND; TRIM to a length; ERASE:
 * fillers over `amount` from `offset`, the length kept); its data
 * argument is evaluated once, into a scratch register, before it.  The
 * checks Oracle makes of the arguments, and the write through to the
 * row's LOB, are life_sim's (plsql.c, locator.c).  OPEN and CLOSE change
 * nothing the model keeps.
 *
 * CONVERTTOBLOB and CONVERTTOCLOB copy characters into a BLOB's bytes or
 * back, as COPY places them, and move their two IN OUT offsets past what
 * they copied (the model's text is ASCII: a character is a byte in every
 * character set it has, so the conversion changes no length and the
 * warning is always NO_WARNING).
 */
#include <stdint.h>
#include <string.h>

#include "plsql_int.h"

/* A node of the value a LOB call computes: each depends on the registers. */
static scr_expr_t *node(scr_parser_t *p, scr_expr_kind_t k, scr_type_t ty, uint32_t line,
                        scr_expr_t *a, scr_expr_t *b, scr_expr_t *c)
{
    scr_expr_t *e = scr_expr_node(p, k, ty, line);
    e->args[0] = a;
    e->args[1] = b;
    e->args[2] = c;
    e->nargs = c ? 3 : b ? 2 : a ? 1 : 0;
    e->row_dependent = 1;
    e->plsql = 1;
    return e;
}

static scr_expr_t *num(scr_parser_t *p, int64_t v, uint32_t line)
{
    scr_expr_t *e = node(p, SCR_E_NUMBER, SCR_T_NUMBER, line, NULL, NULL, NULL);
    e->num = v;
    return e;
}

static scr_expr_t *reg(scr_parser_t *p, uint32_t r, scr_type_t ty, uint32_t line)
{
    scr_expr_t *e = node(p, SCR_E_VAR, ty, line, NULL, NULL, NULL);
    e->var = r;
    return e;
}

/* Characters (bytes) [off, off + n) of x, empty when none (SCR_E_SUBSTR's slice). */
static scr_expr_t *slice(scr_parser_t *p, scr_expr_t *x, scr_expr_t *n, scr_expr_t *off)
{
    scr_expr_t *e = node(p, SCR_E_SUBSTR, x->type, x->line, x, n, off);
    e->num = 1;
    return e;
}

static scr_expr_t *cat(scr_parser_t *p, scr_expr_t *a, scr_expr_t *b)
{
    return node(p, SCR_E_CONCAT, a->type, a->line, a, b, NULL);
}

/* n fillers, spaces in a CLOB and zero bytes in a BLOB (DBMS_LOB.WRITE,
 * ERASE); null (nothing) when n < 1. */
static scr_expr_t *fill(scr_parser_t *p, scr_expr_t *n, scr_type_t ty, uint32_t line)
{
    scr_expr_t *f = node(p, SCR_E_STRING, SCR_T_CLOB, line, NULL, NULL, NULL);
    f->str = ty == SCR_T_BLOB ? "\0" : " ";
    f->len = 1;
    return node(p, SCR_E_RPAD, SCR_T_CLOB, line, f, n, f);
}

/* The LOB variable a call writes: a CLOB or BLOB variable, not a constant. */
static sym_t *lob_arg(scr_parser_t *p, const char *fn)
{
    char name[SCR_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    scr_expect_name(p, name, "a LOB variable");
    sym_t *s = scr_plsym_declared(p, name, line);
    if (s->kind != 'v' || (s->type != SCR_T_CLOB && s->type != SCR_T_BLOB) || s->vmax)
        scr_fail_at(p, line, "PLS-00306: wrong number or types of arguments in call to '%s'", fn);
    if (s->constant)
        scr_fail_at(p, line, "PLS-00363: expression '%s' cannot be used as an assignment target",
                    name);
    return s;
}

/* A number argument after a ','. */
static scr_expr_t *num_arg(scr_parser_t *p, const char *fn)
{
    scr_expect_sym(p, ",");
    scr_expr_t *e = scr_parse_expr(p, -1, 1);
    if (e->type != SCR_T_NUMBER && e->type != SCR_T_NULL)
        scr_fail_at(p, e->line, "PLS-00306: wrong number or types of arguments in call to '%s'",
                    fn);
    return e;
}

/* A data argument after a ',', of the locator's kind (RAW or BLOB for a
 * BLOB, character data for a CLOB), into a new scratch register. */
static scr_expr_t *data_arg(scr_parser_t *p, const sym_t *l, const char *fn, uint32_t line)
{
    scr_expect_sym(p, ",");
    scr_expr_t *e = scr_parse_expr(p, -1, 1);
    if (e->type == SCR_T_NUMBER || (e->type == SCR_T_BLOB) != (l->type == SCR_T_BLOB))
        scr_fail_at(p, e->line, "PLS-00306: wrong number or types of arguments in call to '%s'",
                    fn);
    uint32_t r = p->plc->b->nvals++;
    uint32_t o = scr_pl_emit(p, SCR_PL_SET, line);
    scr_pl_op(p, o)->a = r;
    scr_pl_op(p, o)->x = e;
    return reg(p, r, l->type, line);
}

/* The rest of an argument list the model does not use (a cache flag, a
 * duration, an open mode), to its ')'. */
void scr_pl_skip_args(scr_parser_t *p)
{
    int depth = 0;
    while (depth > 0 || !scr_is_sym(p, ")")) {
        if (scr_peek(p)->kind == SCR_TOK_EOF || (depth == 0 && scr_is_sym(p, ";")))
            scr_unexpected(p, "')'");
        depth += scr_is_sym(p, "(") - scr_is_sym(p, ")");
        p->i++;
    }
}

/* L with `count` characters (bytes) of piece at off: what is before off
 * kept, a gap past L's end filled (spaces in a CLOB, zero bytes in a
 * BLOB), what lies after the piece kept (WRITE, COPY, CONVERTTO...). */
static scr_expr_t *placed(scr_parser_t *p, scr_expr_t *L, scr_expr_t *off, scr_expr_t *piece,
                          scr_expr_t *count, uint32_t line)
{
    scr_expr_t *one = num(p, 1, line), *big = num(p, INT64_MAX / 4, line);
    scr_expr_t *before = node(p, SCR_E_SUB, SCR_T_NUMBER, line, off, one, NULL);
    scr_expr_t *gap = node(p, SCR_E_SUB, SCR_T_NUMBER, line, before,
                           node(p, SCR_E_LENGTH, SCR_T_NUMBER, line, L, NULL, NULL), NULL);
    scr_expr_t *after = node(p, SCR_E_ADD, SCR_T_NUMBER, line, off, count, NULL);
    return cat(p, cat(p, cat(p, slice(p, L, before, one), fill(p, gap, L->type, line)), piece),
               slice(p, L, big, after));
}

/* An IN OUT or OUT NUMBER argument: a NUMBER variable's name (PLS-00363
 * for anything else, as Oracle says of a target that is not one). */
static const sym_t *num_target(scr_parser_t *p, const char *what)
{
    char name[SCR_NAME_MAX + 1];
    uint32_t vline = scr_peek(p)->line;
    scr_expect_name(p, name, what);
    const sym_t *v = scr_plsym_declared(p, name, vline);
    if (v->kind != 'n' || v->constant)
        scr_fail_at(p, vline, "PLS-00363: expression '%s' cannot be used as an assignment target",
                    name);
    return v;
}

/* A NUMBER variable's value as an expression. */
static scr_expr_t *num_reg(scr_parser_t *p, const sym_t *v, uint32_t line)
{
    scr_expr_t *e = node(p, SCR_E_NUM, SCR_T_NUMBER, line, NULL, NULL, NULL);
    e->var = v->reg;
    return e;
}

/* dbms_lob.converttoblob(dest BLOB, src CLOB, amount, dest_offset IN
 * OUT, src_offset IN OUT, blob_csid, lang_context IN OUT, warning OUT),
 * and converttoclob the other way (PL/SQL Packages and Types Reference,
 * DBMS_LOB): `amount` characters of src from src_offset (to its end for
 * DBMS_LOB.LOBMAXSIZE) placed in dest at dest_offset, as COPY places
 * them (one SCR_PL_LOB, checked as COPY is); then both offsets moved past
 * what was copied and warning NO_WARNING (0). */
static void convert_call(scr_parser_t *p, uint32_t line, int to_blob)
{
    const char *fn = to_blob ? "CONVERTTOBLOB" : "CONVERTTOCLOB";
    scr_type_t ty = to_blob ? SCR_T_BLOB : SCR_T_CLOB;
    sym_t *l = lob_arg(p, fn);
    scr_expect_sym(p, ",");
    scr_expr_t *src = scr_parse_expr(p, -1, 1);
    int src_ok =
        to_blob ? src->type == SCR_T_CLOB || src->type == SCR_T_VARCHAR : src->type == SCR_T_BLOB;
    if (l->type != ty || !src_ok)
        scr_fail_at(p, line, "PLS-00306: wrong number or types of arguments in call to '%s'", fn);
    scr_expr_t *n = num_arg(p, fn);
    scr_expect_sym(p, ",");
    const sym_t *doff = num_target(p, "a NUMBER variable (dest_offset, IN OUT)");
    scr_expect_sym(p, ",");
    const sym_t *soff = num_target(p, "a NUMBER variable (src_offset, IN OUT)");
    (void)num_arg(p, fn); /* the character set: the model's text is ASCII in every one */
    scr_expect_sym(p, ",");
    (void)num_target(p, "a NUMBER variable (lang_context, IN OUT)");
    scr_expect_sym(p, ",");
    const sym_t *warn = num_target(p, "a NUMBER variable (warning, OUT)");
    scr_expect_sym(p, ")");
    scr_expect_sym(p, ";");
    scr_expr_t *D = num_reg(p, doff, line), *S = num_reg(p, soff, line);
    /* the characters taken, converted, into a scratch register */
    uint32_t r = p->plc->b->nvals++;
    uint32_t o = scr_pl_emit(p, SCR_PL_SET, line);
    scr_pl_op(p, o)->a = r;
    scr_pl_op(p, o)->x = node(p, SCR_E_TO_RAW, ty, line, slice(p, src, n, S), NULL, NULL);
    scr_expr_t *piece = reg(p, r, ty, line);
    scr_expr_t *count = node(p, SCR_E_LENGTH, SCR_T_NUMBER, line, piece, NULL, NULL);
    o = scr_pl_emit(p, SCR_PL_LOB, line);
    scr_pl_op_t *op = scr_pl_op(p, o);
    op->lob = SCR_LOB_COPY;
    op->a = l->reg;
    op->x = placed(p, reg(p, l->reg, ty, line), D, piece, count, line);
    op->y = piece;
    op->amount = n;
    op->offset = D;
    scr_pl_emit_set(p, doff, node(p, SCR_E_ADD, SCR_T_NUMBER, line, D, count, NULL), line);
    scr_pl_emit_set(p, soff, node(p, SCR_E_ADD, SCR_T_NUMBER, line, S, count, NULL), line);
    scr_pl_emit_set(p, warn, num(p, 0, line), line);
}
/*
 * dbms_lob.read(L, amount, offset, buffer) (PL/SQL Packages and Types
 * Reference, DBMS_LOB.READ): buffer := amount characters of a CLOB (bytes
 * of a BLOB, into a RAW) from offset, amount := how many it read (fewer at
 * the LOB's end); an offset past the end raises NO_DATA_FOUND (ORA-01403).
 * A read changes no space and counts nothing in the model.
 */
static void read_call(scr_parser_t *p, uint32_t line)
{
    static const char fn[] = "READ";
    char name[SCR_NAME_MAX + 1];
    uint32_t vline = scr_peek(p)->line;
    scr_expect_name(p, name, "a LOB variable");
    const sym_t *l = scr_plsym_declared(p, name, vline);
    if (l->kind != 'v' || (l->type != SCR_T_CLOB && l->type != SCR_T_BLOB) || l->vmax)
        scr_fail_at(p, vline, "PLS-00306: wrong number or types of arguments in call to '%s'", fn);
    scr_expect_sym(p, ",");
    const sym_t *amount = num_target(p, "a NUMBER variable (the amount, IN OUT)");
    scr_expr_t *off = num_arg(p, fn);
    scr_expect_sym(p, ",");
    vline = scr_peek(p)->line;
    scr_expect_name(p, name, "a VARCHAR2 or RAW variable (the buffer, OUT)");
    const sym_t *buf = scr_plsym_declared(p, name, vline);
    if (buf->kind != 'v' || buf->constant ||
        (l->type == SCR_T_CLOB ? buf->type != SCR_T_VARCHAR
                               : !(buf->type == SCR_T_BLOB && buf->vmax)))
        scr_fail_at(p, vline, "PLS-00306: wrong number or types of arguments in call to '%s'", fn);
    scr_expect_sym(p, ")");
    scr_expect_sym(p, ";");
    scr_expr_t *L = reg(p, l->reg, l->type, line);
    scr_expr_t *n = num_reg(p, amount, line);
    scr_pred_t *past = scr_arena_alloc(p->arena, sizeof *past);
    past->kind = SCR_P_EXPR;
    past->op = SCR_OP_GT;
    past->x = off;
    past->y = node(p, SCR_E_LENGTH, SCR_T_NUMBER, line, L, NULL, NULL);
    uint32_t u = scr_pl_emit(p, SCR_PL_UNLESS, line);
    scr_pl_op(p, u)->cond = past;
    uint32_t r = scr_pl_emit(p, SCR_PL_RAISE, line);
    scr_pl_op(p, r)->error = "ORA-01403: no data found";
    scr_pl_op(p, r)->b = 1403;
    scr_pl_op(p, u)->target = scr_pl_here(p);
    scr_expr_t *piece = slice(p, L, n, off);
    piece->type = buf->type;
    piece->plsql = 1;
    scr_pl_emit_set(p, buf, piece, line);
    scr_expr_t *got =
        node(p, SCR_E_LENGTH, SCR_T_NUMBER, line, reg(p, buf->reg, buf->type, line), NULL, NULL);
    scr_pl_emit_set(p, amount, got, line);
}

/* dbms_lob.PROC(locator, ...): the arguments checked when it runs, the
 * new value as an expression over the registers (PL/SQL Packages and
 * Types Reference, DBMS_LOB). */
int scr_pl_lob_call(scr_parser_t *p, uint32_t line)
{
    if (!(scr_is_kw(p, "DBMS_LOB") && strcmp(scr_peek_at(p, 1)->text, ".") == 0))
        return 0;
    static const struct {
        const char *name;
        int kind; /* scr_lob_call_t, -1: open and close, no effect */
    } procs[] = {{"CREATETEMPORARY", SCR_LOB_CREATETEMPORARY},
                 {"FREETEMPORARY", SCR_LOB_FREETEMPORARY},
                 {"WRITEAPPEND", SCR_LOB_WRITEAPPEND},
                 {"WRITE", SCR_LOB_WRITE},
                 {"APPEND", SCR_LOB_APPEND},
                 {"COPY", SCR_LOB_COPY},
                 {"TRIM", SCR_LOB_TRIM},
                 {"ERASE", SCR_LOB_ERASE},
                 {"OPEN", -1},
                 {"CLOSE", -1}};
    p->i += 2;
    const char *fn = scr_peek(p)->text;
    if (strcmp(fn, "READ") == 0) {
        p->i++;
        scr_expect_sym(p, "(");
        read_call(p, line);
        return 1;
    }
    if (strcmp(fn, "CONVERTTOBLOB") == 0 || strcmp(fn, "CONVERTTOCLOB") == 0) {
        p->i++;
        scr_expect_sym(p, "(");
        convert_call(p, line, fn[9] == 'B');
        return 1;
    }
    int kind = -2;
    for (size_t k = 0; k < sizeof procs / sizeof procs[0]; k++)
        if (strcmp(fn, procs[k].name) == 0)
            kind = procs[k].kind;
    if (kind == -2)
        scr_unexpected(p, "a dbms_lob procedure the model runs (createtemporary, freetemporary, "
                          "writeappend, write, append, copy, trim, erase, open, close, read, "
                          "converttoblob, converttoclob)");
    p->i++;
    scr_expect_sym(p, "(");
    sym_t *l = lob_arg(p, fn);
    scr_type_t ty = l->type;
    scr_expr_t *L = reg(p, l->reg, ty, line), *big = num(p, INT64_MAX / 4, line);
    scr_expr_t *one = num(p, 1, line), *x = NULL, *y = NULL, *n = NULL, *off = NULL;
    switch (kind) {
    case SCR_LOB_CREATETEMPORARY:
        x = node(p, SCR_E_EMPTY_LOB, ty, line, NULL, NULL, NULL);
        scr_pl_skip_args(p);
        break;
    case SCR_LOB_FREETEMPORARY:
        x = node(p, SCR_E_NULL, SCR_T_NULL, line, NULL, NULL, NULL);
        break;
    case SCR_LOB_WRITEAPPEND:
        n = num_arg(p, fn);
        y = data_arg(p, l, fn, line);
        x = cat(p, L, slice(p, y, n, one));
        break;
    case SCR_LOB_WRITE:
    case SCR_LOB_COPY: {
        /* write(l, n, off, buf); copy(dest, src, n, dest_off = 1, src_off = 1) */
        scr_expr_t *piece, *count;
        if (kind == SCR_LOB_WRITE) {
            n = num_arg(p, fn);
            off = num_arg(p, fn);
            y = data_arg(p, l, fn, line);
            piece = slice(p, y, n, one);
            count = n; /* no more than the buffer holds: checked when it runs */
        } else {
            y = data_arg(p, l, fn, line);
            n = num_arg(p, fn);
            off = scr_is_sym(p, ",") ? num_arg(p, fn) : one;
            scr_expr_t *from = scr_is_sym(p, ",") ? num_arg(p, fn) : one;
            uint32_t r = p->plc->b->nvals++;
            uint32_t o = scr_pl_emit(p, SCR_PL_SET, line);
            scr_pl_op(p, o)->a = r;
            scr_pl_op(p, o)->x = slice(p, y, n, from);
            piece = reg(p, r, ty, line);
            count = node(p, SCR_E_LENGTH, SCR_T_NUMBER, line, piece, NULL, NULL);
        }
        x = placed(p, L, off, piece, count, line);
        break;
    }
    case SCR_LOB_APPEND:
        y = data_arg(p, l, fn, line);
        x = cat(p, L, y);
        break;
    case SCR_LOB_TRIM:
        n = num_arg(p, fn);
        x = slice(p, L, n, one);
        break;
    case SCR_LOB_ERASE: {
        n = num_arg(p, fn);
        off = scr_is_sym(p, ",") ? num_arg(p, fn) : one;
        scr_expr_t *before = node(p, SCR_E_SUB, SCR_T_NUMBER, line, off, one, NULL);
        scr_expr_t *after = node(p, SCR_E_ADD, SCR_T_NUMBER, line, off, n, NULL);
        scr_expr_t *whole =
            cat(p, cat(p, slice(p, L, before, one), fill(p, n, ty, line)), slice(p, L, big, after));
        /* the LOB keeps its length: an erase past its end stops there */
        x = slice(p, whole, node(p, SCR_E_LENGTH, SCR_T_NUMBER, line, L, NULL, NULL), one);
        break;
    }
    default:
        scr_pl_skip_args(p); /* open, close: no effect on the model */
        break;
    }
    scr_expect_sym(p, ")");
    scr_expect_sym(p, ";");
    if (kind < 0)
        return 1;
    uint32_t o = scr_pl_emit(p, SCR_PL_LOB, line);
    scr_pl_op_t *op = scr_pl_op(p, o);
    op->lob = (scr_lob_call_t)kind;
    op->a = l->reg;
    op->x = x;
    op->y = y;
    op->amount = n;
    op->offset = off;
    return 1;
}

scr_expr_t *scr_pl_lob_prefix(scr_parser_t *p, uint32_t r, scr_type_t ty, int64_t n, uint32_t line)
{
    return slice(p, reg(p, r, ty, line), num(p, n, line), num(p, 1, line));
}
