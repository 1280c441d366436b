/*
 * binds.c -- SQL*Plus's bind variables (SQL*Plus User's Guide and
 * Reference: VARIABLE, PRINT, "Using Bind Variables"): VARIABLE declares
 * one for the rest of the script (NUMBER, BINARY_FLOAT and BINARY_DOUBLE
 * as a number; CHAR, NCHAR, VARCHAR2 and NVARCHAR2 of a length; CLOB and
 * NCLOB), a PL/SQL block or exec reads and sets it as :NAME, and PRINT
 * shows it as SQL*Plus prints a column (NUMWIDTH 10, a character variable
 * as wide as declared, a CLOB as LONG 80 shows it).
 *
 * A block that names binds loads each into a register of its own when it
 * begins and stores each back at its end (SCR_PL_BIND), so that a bind
 * set by an unhandled error's block keeps its old value, as the OUT
 * values of a failed call are not returned.  PRINT is compiled into such
 * a block: dbms_output lines of the heading, the dashes and the value.
 * A bind in a plain SQL statement is refused (not modelled: a statement's
 * values are fixed when it is parsed).  A name no VARIABLE declared is
 * SQL*Plus's SP2-0552, a step error.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "plsql_int.h"

/* The newest declaration of NAME (upper case, no colon): its index, -1. */
static int find(const scr_parser_t *p, const char *name)
{
    const scr_script_t *s = p->script;
    for (uint32_t k = s->nbinds; k-- > 0;)
        if (strcmp(s->binds[k].name, name) == 0)
            return (int)k;
    return -1;
}

/* VARIABLE [NAME [TYPE]], the rest of t's line. */
void scr_variable(scr_parser_t *p, const scr_tok_t *t)
{
    scr_lexer_t *lx = p->lx;
    char w[256];
    size_t n = 0;
    for (size_t i = t->end; i < lx->len && lx->src[i] != '\n'; i++) {
        if (lx->src[i] == '-' && i + 1 < lx->len && lx->src[i + 1] == '-')
            break;
        if (n + 1 < sizeof w)
            w[n++] = (char)toupper((unsigned char)lx->src[i]);
    }
    w[n] = 0;
    while (n > 0 && strchr(" \t\r;", w[n - 1]))
        w[--n] = 0;
    char name[SCR_NAME_MAX + 1] = "", type[64] = "";
    uint32_t len = 0;
    char unit[8] = "";
    int got = sscanf(w, " %128[A-Z0-9_$#] %63[A-Z_0-9] ( %u %7[A-Z] )", name, type, &len, unit);
    if (got <= 1) {
        /* VARIABLE, VARIABLE NAME: list them; nothing to do */
        scr_skip_line(lx, t->start);
        return;
    }
    if (!isalpha((unsigned char)name[0]))
        scr_lex_fail(lx, t->line, "VARIABLE %s: not a variable name (a letter first)", name);
    scr_bind_t b;
    memset(&b, 0, sizeof b);
    snprintf(b.name, sizeof b.name, "%s", name);
    int sized = got >= 3;
    if (strcmp(type, "NUMBER") == 0 || strcmp(type, "BINARY_FLOAT") == 0 ||
        strcmp(type, "BINARY_DOUBLE") == 0) {
        b.type = SCR_T_NUMBER;
        b.width = 10;
        sized = 0;
    } else if (strcmp(type, "CLOB") == 0 || strcmp(type, "NCLOB") == 0) {
        b.type = SCR_T_CLOB;
        b.width = 80;
        sized = 0;
    } else if (strcmp(type, "VARCHAR2") == 0 || strcmp(type, "NVARCHAR2") == 0 ||
               strcmp(type, "CHAR") == 0 || strcmp(type, "NCHAR") == 0) {
        if (!sized && type[0] == 'V')
            scr_lex_fail(lx, t->line, "VARIABLE %s %s: a length is needed (%s(N))", name, type,
                         type);
        b.type = SCR_T_VARCHAR;
        b.vmax = sized ? len : 1;
        if (b.vmax < 1 || b.vmax > 32767)
            scr_lex_fail(lx, t->line,
                         "VARIABLE %s %s(%u): length out of range (accepted 1 to 32767)", name,
                         type, len);
        b.width = b.vmax;
        sized = 0;
    } else {
        scr_lex_fail(lx, t->line,
                     "VARIABLE %s %s not supported (NUMBER, BINARY_FLOAT, BINARY_DOUBLE, CHAR, "
                     "NCHAR, VARCHAR2(N), NVARCHAR2(N), CLOB, NCLOB)",
                     name, type);
    }
    if (sized || (got == 4 && strcmp(unit, "CHAR") != 0 && strcmp(unit, "BYTE") != 0))
        scr_lex_fail(lx, t->line, "VARIABLE %s: '%s' not understood", name, w);
    scr_script_t *s = p->script;
    s->binds = scr_arena_grow(p->arena, s->binds, s->nbinds, &p->capbinds, sizeof *s->binds);
    s->binds[s->nbinds++] = b;
    scr_skip_line(lx, t->start);
}

/* The statement's binds (tokens from the lexer's `bind`): declared ones
 * become names ":NAME" a block resolves; in a plain SQL statement one is
 * refused.  Undeclared, they stay SP2-0552. */
int scr_binds_resolve(scr_parser_t *p, scr_tok_t *toks, uint32_t n, int plsql)
{
    /* insert, update and delete take their values from binds as a block
     * would: the caller runs them as one */
    int dml = n > 0 && toks[0].kind == SCR_TOK_IDENT &&
              (strcmp(toks[0].text, "INSERT") == 0 || strcmp(toks[0].text, "UPDATE") == 0 ||
               strcmp(toks[0].text, "DELETE") == 0);
    int named = 0;
    for (uint32_t k = 0; k < n; k++) {
        if (toks[k].bind == NULL || find(p, toks[k].bind + 1) < 0)
            continue;
        if (!plsql && !dml)
            scr_lex_fail(p->lx, toks[k].line,
                         "bind variable %s in a SQL statement other than insert, update and "
                         "delete not supported",
                         toks[k].bind);
        named = 1;
        toks[k].kind = SCR_TOK_IDENT;
        toks[k].text = toks[k].bind;
        toks[k].len = (uint32_t)strlen(toks[k].bind);
    }
    return named && !plsql;
}

/* In a block being compiled: each bind it names a register of the block,
 * loaded now (store 0) or stored back at its end (store 1). */
void scr_binds_block(scr_parser_t *p, int store, uint32_t line)
{
    for (uint32_t k = 0; k < p->ntoks; k++) {
        const scr_tok_t *t = &p->toks[k];
        if (t->kind != SCR_TOK_IDENT || t->text[0] != ':')
            continue;
        int seen = 0;
        for (uint32_t j = 0; j < k && !seen; j++)
            seen = p->toks[j].kind == SCR_TOK_IDENT && strcmp(p->toks[j].text, t->text) == 0;
        if (seen)
            continue;
        int b = find(p, t->text + 1);
        const scr_bind_t *bd = &p->script->binds[b];
        sym_t *s = store ? scr_plsym_find(p, t->text)
                         : scr_plsym_add(p, t->text, bd->type == SCR_T_NUMBER ? 'n' : 'v', line);
        if (!store) {
            s->type = bd->type;
            s->vmax = bd->type == SCR_T_VARCHAR ? bd->vmax : 0;
        }
        uint32_t o = scr_pl_emit(p, SCR_PL_BIND, line);
        scr_pl_op_t *op = scr_pl_op(p, o);
        op->a = s->reg;
        op->b = (uint32_t)b;
        op->c = (uint32_t)store;
    }
}

/* PRINT [NAME ...]: the rest of t's line, compiled into a block of
 * dbms_output lines; every bind declared so far without a name. */
void scr_print(scr_parser_t *p, const scr_tok_t *t, void (*parse)(scr_parser_t *, scr_stmt_t *))
{
    scr_lexer_t *lx = p->lx;
    size_t e = t->start;
    while (e < lx->len && lx->src[e] != '\n')
        e++;
    size_t end = e;
    while (end > t->start && strchr(" \t\r;", lx->src[end - 1]))
        end--;
    /* the names: those written, else each declared one (its newest) */
    char names[64][SCR_NAME_MAX + 1];
    uint32_t nn = 0;
    for (size_t i = t->end; i < end && nn < 64;) {
        while (i < end && strchr(" \t:", lx->src[i]))
            i++;
        size_t b = i;
        while (i < end && !strchr(" \t", lx->src[i]))
            i++;
        if (i > b) {
            /* a name: letters, digits, _, $ and #, a letter first */
            int ok = isalpha((unsigned char)lx->src[b]);
            for (size_t j = b; j < i && ok; j++)
                ok = isalnum((unsigned char)lx->src[j]) || strchr("_$#", lx->src[j]) != NULL;
            if (!ok || i - b > SCR_NAME_MAX) {
                char q[64];
                scr_quote(lx->src + b, i - b, q, sizeof q);
                scr_lex_fail(lx, t->line, "PRINT %s: not a bind variable's name", q);
            }
            size_t k = i - b;
            for (size_t j = 0; j < k; j++)
                names[nn][j] = (char)toupper((unsigned char)lx->src[b + j]);
            names[nn++][k] = 0;
        }
    }
    if (nn == 0)
        for (uint32_t k = 0; k < p->script->nbinds && nn < 64; k++)
            if (find(p, p->script->binds[k].name) == (int)k)
                snprintf(names[nn++], sizeof names[0], "%s", p->script->binds[k].name);
    /* the block's text: a heading, dashes and the value for each */
    char *src = scr_arena_alloc(p->arena, 64 + (size_t)nn * 900);
    size_t n = (size_t)sprintf(src, "begin\n");
    for (uint32_t k = 0; k < nn; k++) {
        int b = find(p, names[k]);
        const scr_bind_t *bd = b >= 0 ? &p->script->binds[b] : NULL;
        uint32_t w = bd ? bd->width : 10;
        int num = bd == NULL || bd->type == SCR_T_NUMBER;
        if (num && strlen(names[k]) > w)
            w = (uint32_t)strlen(names[k]); /* a number's heading is never cut */
        char head[SCR_NAME_MAX + 1], dash[SCR_NAME_MAX + 1];
        uint32_t hw = w < SCR_NAME_MAX ? w : SCR_NAME_MAX; /* at most 128: a line's dashes */
        if (num)
            snprintf(head, sizeof head, "%*s", (int)hw, names[k]);
        else
            snprintf(head, sizeof head, "%.*s", (int)hw, names[k]);
        memset(dash, '-', hw);
        dash[hw] = 0;
        if (k)
            n += (size_t)sprintf(src + n, "dbms_output.put_line(null);\n");
        n += (size_t)sprintf(src + n, "dbms_output.put_line('%s');\ndbms_output.put_line('%s');\n",
                             head, dash);
        if (num)
            n += (size_t)sprintf(src + n, "dbms_output.put_line(lpad(:%s || '', %u));\n", names[k],
                                 w);
        else if (bd->type == SCR_T_CLOB)
            n += (size_t)sprintf(src + n, "dbms_output.put_line(dbms_lob.substr(:%s, 80, 1));\n",
                                 names[k]);
        else
            n += (size_t)sprintf(src + n, "dbms_output.put_line(:%s);\n", names[k]);
    }
    sprintf(src + n, "end;\n");
    scr_stmt_t *st = scr_new_stmt(p, t->line);
    st->text = scr_arena_strndup(p->arena, lx->src + t->start, end - t->start);
    scr_lexer_t saved = *lx;
    scr_tok_t *outer = p->toks; /* the script's token vector: freed if a later
                                 * statement is refused */
    lx->src = src;
    lx->len = strlen(src);
    lx->pos = 0;
    lx->line = t->line;
    lx->at_line_start = 1;
    scr_tokvec_t tv = {0};
    scr_tok_t u;
    do {
        scr_lex_next(lx, &u);
        u.line = t->line;
        scr_tokvec_push(p, &tv, &u);
    } while (u.kind != SCR_TOK_EOF);
    *lx = saved;
    scr_binds_resolve(p, tv.v, tv.n, 1);
    p->toks = tv.v;
    p->ntoks = tv.n;
    p->i = 0;
    int rc = scr_parse_guarded(p, st, parse);
    p->toks = outer;
    sim_free(tv.v);
    if (rc != 0)
        scr_oracle_error(p, st);
    scr_skip_line(lx, t->start);
}
