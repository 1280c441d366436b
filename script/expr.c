/*
 * expr.c -- value expressions and where-predicates, typed as Oracle types
 * them.
 *
 * Typing (Oracle SQL Language Reference, RPAD and LPAD, e.g.
 * docs.oracle.com/en/database/oracle/oracle-database/23/sqlrf/RPAD.html:
 * "VARCHAR2 data type if expr1 is a character data type ... a LOB if expr1
 * is a LOB data type", "If expr1 is longer than n, then this function
 * returns the portion of expr1 that fits in n"; "Concatenation Operator";
 * "Data Types", VARCHAR2's 4,000 bytes, 32,767 with MAX_STRING_SIZE =
 * EXTENDED; PL/SQL Language Reference, "Predefined PL/SQL Scalar Data
 * Types", VARCHAR2 up to 32,767 bytes):
 *   - RPAD/LPAD return VARCHAR2 when their first argument is a character
 *     type other than CLOB, and CLOB when it is a CLOB; "the return string
 *     ... length is limited to 4000 bytes" in SQL (32,767 with
 *     MAX_STRING_SIZE = EXTENDED); in PL/SQL a VARCHAR2 holds 32,767 bytes.
 *   - `||` of two character values other than CLOB is VARCHAR2 and
 *     "the result ... is limited to 4000" (ORA-01489: result of string
 *     concatenation is too long); with a CLOB operand the result is a CLOB.
 *   - A string literal holds at most 4,000 bytes in SQL (ORA-01704: string
 *     literal too long), 32,767 in PL/SQL.
 *   - A number where a string is wanted is TO_CHAR's text of it.
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

static uint32_t cap_of(const scr_parser_t *p, int plsql)
{
    return plsql ? SCR_PLSQL_VARCHAR_MAX : scr_sql_varchar_max(p->opts);
}

static int64_t digits(int64_t v)
{
    int64_t n = v < 0 ? 2 : 1;
    for (uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; u >= 10; u /= 10)
        n++;
    return n;
}

static scr_expr_t *parse_concat(scr_parser_t *p, int table, int plsql);

static void want_string(scr_parser_t *p, const scr_expr_t *e, const char *fn)
{
    if (e->type == SCR_T_BLOB)
        scr_fail_at(p, e->line, "ORA-00932: inconsistent datatypes: expected CHAR got BLOB (in %s)",
                    fn);
}

static void want_number(scr_parser_t *p, const scr_expr_t *e, const char *fn)
{
    if (e->type != SCR_T_NUMBER && e->type != SCR_T_NULL)
        scr_fail_at(p, e->line, "%s needs a number here (ORA-01722: invalid number)", fn);
}

static scr_expr_t *pad(scr_parser_t *p, int table, int plsql, scr_expr_kind_t k, uint32_t line)
{
    const char *fn = k == SCR_E_RPAD ? "rpad" : "lpad";
    scr_expect_sym(p, "(");
    scr_expr_t *e = scr_expr_node(p, k, SCR_T_VARCHAR, line);
    e->args[0] = parse_concat(p, table, plsql);
    want_string(p, e->args[0], fn);
    scr_expect_sym(p, ",");
    e->args[1] = parse_concat(p, table, plsql);
    want_number(p, e->args[1], fn);
    e->nargs = 2;
    if (scr_accept_sym(p, ",")) {
        e->args[2] = parse_concat(p, table, plsql);
        want_string(p, e->args[2], fn);
        e->nargs = 3;
    }
    scr_expect_sym(p, ")");
    e->type = e->args[0]->type == SCR_T_CLOB ? SCR_T_CLOB : SCR_T_VARCHAR;
    e->plsql = plsql;
    if (e->args[1]->kind == SCR_E_NUMBER) {
        int64_t n = e->args[1]->num;
        if (n < 0 || n > (int64_t)SCR_ROWS_MAX * 1000)
            scr_fail_at(p, line, "%s length %lld out of range (accepted 0 to %llu)", fn,
                        (long long)n, (unsigned long long)SCR_ROWS_MAX * 1000);
        if (e->type != SCR_T_CLOB && n > (int64_t)cap_of(p, plsql))
            n = cap_of(p, plsql);
        e->static_len = n;
    }
    for (uint32_t i = 0; i < e->nargs; i++)
        e->row_dependent |= e->args[i]->row_dependent;
    return e;
}

/* hextoraw('...') of a literal: its bytes, a RAW (SQL Language Reference,
 * HEXTORAW; an odd number of digits takes a leading 0, as Oracle reads
 * it). */
static scr_expr_t *hex_literal(scr_parser_t *p, uint32_t line, const char *fn)
{
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_STRING)
        scr_fail_at(p, line, "%s of an expression not supported (a string literal of hex digits)",
                    fn);
    p->i++;
    char *out = scr_arena_alloc(p->arena, t->len / 2 + 2);
    uint32_t n = 0, odd = t->len & 1;
    for (uint32_t i = 0; i < t->len; i++) {
        char ch = t->text[i];
        int d = ch >= '0' && ch <= '9'   ? ch - '0'
                : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
                : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10
                                         : -1;
        if (d < 0)
            scr_fail_at(p, line, "ORA-01465: invalid hex number");
        if ((i + odd) % 2 == 0)
            out[n] = (char)(d << 4);
        else
            out[n++] |= (char)d;
    }
    scr_expr_t *e =
        scr_expr_node(p, n ? SCR_E_STRING : SCR_E_NULL, n ? SCR_T_BLOB : SCR_T_NULL, line);
    e->str = out;
    e->len = n;
    e->static_len = n;
    e->raw = 1;
    return e;
}

/* The LOB and RAW functions: utl_raw.cast_to_raw, hextoraw, to_blob,
 * dbms_lob.getlength, dbms_lob.substr; NULL when the name is none of
 * them (nothing taken). */
static scr_expr_t *lob_function(scr_parser_t *p, int table, int plsql, uint32_t line)
{
    int dotted = strcmp(scr_peek_at(p, 1)->text, ".") == 0;
    const char *f = dotted ? scr_peek_at(p, 2)->text : "";
    scr_expr_t *e;
    if (scr_is_kw(p, "UTL_RAW") && dotted && strcmp(f, "CAST_TO_RAW") == 0) {
        /* UTL_RAW.CAST_TO_RAW: the VARCHAR2's bytes as a RAW, unchanged */
        p->i += 3;
        scr_expect_sym(p, "(");
        e = scr_expr_node(p, SCR_E_TO_RAW, SCR_T_BLOB, line);
        e->raw = 1;
        e->args[0] = parse_concat(p, table, plsql);
        want_string(p, e->args[0], "utl_raw.cast_to_raw");
        scr_expect_sym(p, ")");
    } else if (scr_is_kw(p, "UTL_RAW") && dotted &&
               (strcmp(f, "CAST_TO_VARCHAR2") == 0 || strcmp(f, "LENGTH") == 0)) {
        /* CAST_TO_VARCHAR2: the RAW's bytes as characters, unchanged;
         * LENGTH: its bytes (PL/SQL Packages and Types Reference, UTL_RAW) */
        int len = strcmp(f, "LENGTH") == 0;
        p->i += 3;
        scr_expect_sym(p, "(");
        scr_expr_t *a = parse_concat(p, table, plsql);
        if (a->type != SCR_T_BLOB && a->type != SCR_T_NULL)
            scr_fail_at(p, line, "PLS-00306: wrong number or types of arguments in call to '%s'",
                        f);
        if (len && a->kind != SCR_E_COLUMN && a->kind != SCR_E_VAR)
            scr_fail_at(p, line,
                        "utl_raw.length of an expression not supported (a column or a variable)");
        scr_expect_sym(p, ")");
        e = scr_expr_node(p, len ? SCR_E_LENGTH : SCR_E_TO_RAW, len ? SCR_T_NUMBER : SCR_T_VARCHAR,
                          line);
        e->args[0] = a;
    } else if (scr_is_kw(p, "RAWTOHEX") && strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        /* the RAW's bytes as two hex digits each (SQL Language Reference,
         * RAWTOHEX) */
        p->i += 2;
        scr_expr_t *a = parse_concat(p, table, plsql);
        if (a->type != SCR_T_BLOB && a->type != SCR_T_NULL)
            scr_fail_at(p, line, "ORA-00932: inconsistent datatypes: expected BINARY got %s",
                        a->type == SCR_T_NUMBER ? "NUMBER" : "CHAR");
        scr_expect_sym(p, ")");
        e = scr_expr_node(p, SCR_E_RAWTOHEX, SCR_T_VARCHAR, line);
        e->args[0] = a;
    } else if ((scr_is_kw(p, "HEXTORAW") || scr_is_kw(p, "TO_BLOB")) &&
               strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
        int to_blob = scr_is_kw(p, "TO_BLOB");
        p->i += 2;
        if (scr_peek(p)->kind == SCR_TOK_STRING) {
            /* to_blob of a character value converts it as hextoraw does */
            e = hex_literal(p, line, to_blob ? "to_blob" : "hextoraw");
            scr_expect_sym(p, ")");
            e->raw = !to_blob;
            return e;
        }
        if (!to_blob)
            return hex_literal(p, line, "hextoraw");
        e = scr_expr_node(p, SCR_E_TO_RAW, SCR_T_BLOB, line);
        e->args[0] = parse_concat(p, table, plsql);
        if (e->args[0]->type != SCR_T_BLOB && e->args[0]->type != SCR_T_NULL)
            scr_fail_at(p, line, "ORA-00932: inconsistent datatypes: expected BINARY got %s",
                        e->args[0]->type == SCR_T_NUMBER ? "NUMBER" : "CHAR");
        scr_expect_sym(p, ")");
    } else if (scr_is_kw(p, "DBMS_LOB") && dotted && strcmp(scr_peek_at(p, 3)->text, "(") != 0) {
        /* DBMS_LOB's constants (PL/SQL Packages and Types Reference,
         * DBMS_LOB, "Constants"); LOBMAXSIZE, 2^64 - 1, stands as 2^61:
         * the model's numbers are 64-bit, and no LOB comes near either */
        static const struct {
            const char *name;
            int64_t v;
        } k[] = {{"LOBMAXSIZE", INT64_MAX / 4},
                 {"DEFAULT_CSID", 0},
                 {"DEFAULT_LANG_CTX", 0},
                 {"NO_WARNING", 0},
                 {"WARN_INCONVERTIBLE_CHAR", 1},
                 {"LOB_READONLY", 0},
                 {"LOB_READWRITE", 1},
                 {"CALL", 12},
                 {"SESSION", 10}};
        for (size_t i = 0; i < sizeof k / sizeof k[0]; i++)
            if (strcmp(f, k[i].name) == 0) {
                p->i += 3;
                e = scr_expr_node(p, SCR_E_NUMBER, SCR_T_NUMBER, line);
                e->num = k[i].v;
                return e;
            }
        return NULL;
    } else if (scr_is_kw(p, "DBMS_LOB") && dotted &&
               (strcmp(f, "GETLENGTH") == 0 || strcmp(f, "SUBSTR") == 0)) {
        int len = strcmp(f, "GETLENGTH") == 0;
        p->i += 3;
        scr_expect_sym(p, "(");
        scr_expr_t *a = parse_concat(p, table, plsql);
        if (a->type == SCR_T_NUMBER)
            scr_fail_at(p, line, "PLS-00306: wrong number or types of arguments in call to '%s'",
                        f);
        if (len) {
            if (a->kind != SCR_E_COLUMN && a->kind != SCR_E_VAR)
                scr_fail_at(p, line,
                            "dbms_lob.getlength of an expression not supported (a column or "
                            "a variable)");
            e = scr_expr_node(p, SCR_E_LENGTH, SCR_T_NUMBER, line);
        } else {
            e = scr_expr_node(p, SCR_E_SUBSTR, a->type == SCR_T_BLOB ? SCR_T_BLOB : SCR_T_VARCHAR,
                              line);
            e->raw = a->type == SCR_T_BLOB;
            for (uint32_t k = 1; k < 3; k++) {
                if (scr_accept_sym(p, ",")) {
                    e->args[k] = parse_concat(p, table, plsql);
                    want_number(p, e->args[k], "dbms_lob.substr");
                } else {
                    e->args[k] = scr_expr_node(p, SCR_E_NUMBER, SCR_T_NUMBER, line);
                    e->args[k]->num = k == 1 ? 32767 : 1;
                }
                e->row_dependent |= e->args[k]->row_dependent;
            }
            e->nargs = 3;
        }
        e->args[0] = a;
        scr_expect_sym(p, ")");
    } else {
        return NULL;
    }
    if (e->kind != SCR_E_SUBSTR)
        e->nargs = 1;
    e->row_dependent |= e->args[0]->row_dependent;
    e->static_len = e->kind == SCR_E_TO_RAW ? e->args[0]->static_len : -1;
    return e;
}

/* Whether a division lies in e other than at its root, a rounding
 * function's own argument aside. */
static int stray_division(const scr_expr_t *e, int root)
{
    if (e == NULL)
        return 0;
    if ((e->kind == SCR_E_DIV || (e->kind == SCR_E_NUMFN && e->num == SCR_NF_RANDOM)) && !root)
        return 1;
    if (e->kind == SCR_E_DIV) /* a / b / c: the chain one quotient (eval.c, divide()) */
        return stray_division(e->args[0], 1) || stray_division(e->args[1], 0);
    if (e->kind == SCR_E_NUMFN && SCR_NF_ROUNDING(e->num))
        return 0; /* its own argument was checked when it was parsed */
    for (uint32_t k = 0; k < e->nargs && k < 3; k++)
        if (stray_division(e->args[k], 0))
            return 1;
    return 0;
}

/* A single-row function's call, NAME( read: NULL when NAME is none of
 * them (nothing taken). */
static scr_expr_t *function(scr_parser_t *p, const char *name, int table, int plsql, uint32_t line)
{
    static const struct {
        const char *name;
        int str;      /* a character function (scr_strfn_t), else a number one */
        int fn;       /* its scr_numfn_t or scr_strfn_t */
        uint32_t min; /* arguments */
        uint32_t max;
    } fns[] = {
        {"ABS", 0, SCR_NF_ABS, 1, 1},
        {"SIGN", 0, SCR_NF_SIGN, 1, 1},
        {"POWER", 0, SCR_NF_POWER, 2, 2},
        {"GREATEST", 0, SCR_NF_GREATEST, 1, 32},
        {"LEAST", 0, SCR_NF_LEAST, 1, 32},
        {"TRUNC", 0, SCR_NF_TRUNC, 1, 2},
        {"ROUND", 0, SCR_NF_ROUND, 1, 2},
        {"FLOOR", 0, SCR_NF_FLOOR, 1, 1},
        {"CEIL", 0, SCR_NF_CEIL, 1, 1},
        {"NVL", 0, SCR_NF_NVL, 2, 2},
        {"LENGTH", 0, -1, 1, 1},
        {"LENGTHB", 0, -1, 1, 1},
        {"UPPER", 1, SCR_SF_UPPER, 1, 1},
        {"LOWER", 1, SCR_SF_LOWER, 1, 1},
        {"SUBSTR", 1, SCR_SF_SUBSTR, 2, 3},
        {"REPLACE", 1, SCR_SF_REPLACE, 2, 3},
        {"TRIM", 1, SCR_SF_TRIM, 1, 1},
        {"LTRIM", 1, SCR_SF_LTRIM, 1, 1},
        {"RTRIM", 1, SCR_SF_RTRIM, 1, 1},
        {"CHR", 1, SCR_SF_CHR, 1, 1},
    };
    size_t f = 0;
    while (f < sizeof fns / sizeof fns[0] && strcmp(fns[f].name, name) != 0)
        f++;
    if (f == sizeof fns / sizeof fns[0])
        return NULL;
    int rounding = !fns[f].str && SCR_NF_ROUNDING(fns[f].fn);
    scr_expr_t *a[32];
    uint32_t n = 0;
    scr_expect_sym(p, "(");
    do {
        if (n == fns[f].max)
            scr_fail_at(p, line, "ORA-00939: too many arguments for function (%s)", name);
        int was = p->div_ok;
        p->div_ok = rounding && n == 0;
        a[n] = parse_concat(p, table, plsql);
        p->div_ok = was;
        if (rounding && n == 0 && stray_division(a[n], 1))
            scr_fail_at(p, line,
                        "a division inside an expression in %s() not supported (the model's "
                        "numbers are whole: %s(a / b) is)",
                        name, name);
        n++;
    } while (scr_accept_sym(p, ","));
    scr_expect_sym(p, ")");
    if (n < fns[f].min)
        scr_fail_at(p, line, "ORA-00938: not enough arguments for function (%s)", name);
    if (rounding && n == 2 &&
        (a[0]->kind == SCR_E_DIV || (a[0]->kind == SCR_E_NUMFN && a[0]->num == SCR_NF_RANDOM)) &&
        !(a[1]->kind == SCR_E_NUMBER && a[1]->num == 0))
        scr_fail_at(p, line,
                    "%s of a fraction to places other than 0 not supported (the model's numbers "
                    "are whole)",
                    name);
    scr_expr_t *e;
    int row = 0;
    for (uint32_t k = 0; k < n; k++)
        row |= a[k]->row_dependent;
    if (fns[f].fn < 0) {
        /* LENGTH, LENGTHB: characters (a single-byte or ASCII text: bytes) */
        if (a[0]->type == SCR_T_NUMBER || a[0]->type == SCR_T_BLOB)
            scr_fail_at(p, line, "ORA-00932: inconsistent datatypes: expected CHAR got %s",
                        a[0]->type == SCR_T_NUMBER ? "NUMBER" : "BLOB");
        if (a[0]->kind == SCR_E_STRING || a[0]->kind == SCR_E_NULL) {
            e = scr_expr_node(p, a[0]->kind == SCR_E_NULL ? SCR_E_NULL : SCR_E_NUMBER,
                              a[0]->kind == SCR_E_NULL ? SCR_T_NULL : SCR_T_NUMBER, line);
            e->num = a[0]->len;
            e->static_len = a[0]->kind == SCR_E_NULL ? 0 : digits(e->num);
            return e;
        }
        if (a[0]->kind != SCR_E_COLUMN && a[0]->kind != SCR_E_VAR)
            scr_fail_at(p, line,
                        "%s of an expression not supported (a column, a variable or a literal)",
                        name);
        e = scr_expr_node(p, SCR_E_LENGTH, SCR_T_NUMBER, line);
        e->args[0] = a[0];
        e->nargs = 1;
        e->row_dependent = row;
        return e;
    }
    /* nvl of text is a character function */
    int str = fns[f].str ||
              (fns[f].fn == SCR_NF_NVL && a[0]->type != SCR_T_NUMBER && a[1]->type != SCR_T_NUMBER);
    if (!str) {
        for (uint32_t k = 0; k < n; k++)
            want_number(p, a[k], name);
        /* greatest and least of several: pairs, left to right */
        e = a[0];
        for (uint32_t k = n == 1 ? 0 : 1; k < n; k++) {
            scr_expr_t *x = scr_expr_node(p, SCR_E_NUMFN, SCR_T_NUMBER, line);
            x->num = fns[f].fn;
            x->args[0] = e;
            x->args[1] = n == 1 ? NULL : a[k];
            x->nargs = n == 1 ? 1 : 2;
            x->row_dependent = row;
            e = x;
            if (fns[f].fn != SCR_NF_GREATEST && fns[f].fn != SCR_NF_LEAST)
                break;
        }
        if (n == 1 && (fns[f].fn == SCR_NF_GREATEST || fns[f].fn == SCR_NF_LEAST))
            e = a[0];
        e->static_len = -1;
        return e;
    }
    for (uint32_t k = 0; k < n; k++) {
        int pos = fns[f].fn == SCR_SF_SUBSTR && k > 0;
        if (pos || fns[f].fn == SCR_SF_CHR)
            want_number(p, a[k], name);
        else
            want_string(p, a[k], name);
    }
    e = scr_expr_node(p, SCR_E_STRFN, SCR_T_VARCHAR, line);
    e->num = fns[f].str ? fns[f].fn : SCR_SF_NVL;
    for (uint32_t k = 0; k < n; k++)
        e->args[k] = a[k];
    e->nargs = n;
    e->plsql = plsql;
    e->row_dependent = row;
    e->static_len = -1;
    /* a CLOB's function is a CLOB; NVL's type is its first non-null one */
    if (a[0]->type == SCR_T_CLOB || (e->num == SCR_SF_NVL && a[1]->type == SCR_T_CLOB))
        e->type = SCR_T_CLOB;
    return e;
}

/* to_char(a, 'fmt'): a number under a number format model (numfmt.c). */
static scr_expr_t *to_char_fmt(scr_parser_t *p, scr_expr_t *a, int plsql, uint32_t line)
{
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_STRING)
        scr_unexpected(p, "a number format model, a string literal (to_char(n, '999,999'))");
    if (a->type != SCR_T_NUMBER && a->type != SCR_T_NULL)
        scr_fail_at(p, line, "to_char of text with a format not supported (of a number, it is)");
    if (!scr_numfmt_valid(t->text))
        scr_fail_at(p, t->line,
                    "to_char's format '%s' not supported (the elements 9, 0, ',', G, '.', D "
                    "and FM are)",
                    t->text);
    p->i++;
    scr_expect_sym(p, ")");
    scr_expr_t *e = scr_expr_node(p, SCR_E_STRFN, SCR_T_VARCHAR, line);
    e->num = SCR_SF_TO_CHAR;
    e->args[0] = a;
    e->nargs = 1;
    e->str = scr_arena_strndup(p->arena, t->text, t->len); /* the format */
    e->len = t->len;
    e->plsql = plsql;
    e->row_dependent = a->row_dependent;
    e->static_len = -1;
    return e;
}

static scr_expr_t *primary(scr_parser_t *p, int table, int plsql)
{
    const scr_tok_t *t = scr_peek(p);
    uint32_t line = t->line;
    scr_expr_t *e;
    if (scr_accept_sym(p, "(")) {
        e = parse_concat(p, table, plsql);
        scr_expect_sym(p, ")");
        return e;
    }
    if (scr_accept_sym(p, "-")) {
        const scr_tok_t *n = scr_peek(p);
        if (n->kind != SCR_TOK_NUMBER)
            scr_unexpected(p, "a number");
        p->i--;
        e = scr_expr_node(p, SCR_E_NUMBER, SCR_T_NUMBER, line);
        e->num = scr_expect_int(p, "number");
        e->static_len = digits(e->num);
        return e;
    }
    if (t->kind == SCR_TOK_IDENT &&
        (strcmp(t->text, "SYSDATE") == 0 || strcmp(t->text, "SYSTIMESTAMP") == 0 ||
         strcmp(t->text, "CURRENT_DATE") == 0 || strcmp(t->text, "CURRENT_TIMESTAMP") == 0 ||
         strcmp(t->text, "LOCALTIMESTAMP") == 0 ||
         ((strcmp(t->text, "DATE") == 0 || strcmp(t->text, "TIMESTAMP") == 0) &&
          scr_peek_at(p, 1)->kind == SCR_TOK_STRING) ||
         ((strcmp(t->text, "TO_DATE") == 0 || strcmp(t->text, "TO_TIMESTAMP") == 0) &&
          strcmp(scr_peek_at(p, 1)->text, "(") == 0)))
        /* Oracle has them (not ORA-00904); the model keeps no date but
         * a DATE column's, which it passes over (dml.c) */
        scr_fail_at(p, line,
                    "a date (%s) not modelled here (the model keeps no dates: a DATE column "
                    "takes one and keeps none)",
                    t->text);
    if (t->kind == SCR_TOK_STRING && (e = scr_define_expr(p, t)) != NULL) {
        p->i++; /* '&v' of a variable a query sets: its value when it runs */
        e->plsql = plsql;
        return e;
    }
    if (t->kind == SCR_TOK_STRING) {
        p->i++;
        if (t->len > cap_of(p, plsql))
            scr_fail_at(p, line, "ORA-01704: string literal too long (%u bytes, at most %u)",
                        t->len, cap_of(p, plsql));
        e = scr_expr_node(p, SCR_E_STRING, SCR_T_VARCHAR, line);
        e->str = t->text;
        e->len = t->len;
        e->static_len = t->len;
        /* Oracle: '' is null (SQL Language Reference, "Nulls"). */
        if (t->len == 0) {
            e->kind = SCR_E_NULL;
            e->type = SCR_T_NULL;
            e->static_len = 0;
        }
        return e;
    }
    if (t->kind == SCR_TOK_NUMBER) {
        e = scr_expr_node(p, SCR_E_NUMBER, SCR_T_NUMBER, line);
        e->num = scr_expect_int(p, "number");
        e->static_len = digits(e->num);
        return e;
    }
    if (t->kind != SCR_TOK_IDENT && t->kind != SCR_TOK_QIDENT)
        scr_unexpected(p, "an expression");
    if (t->kind == SCR_TOK_IDENT) {
        if (scr_accept_kw(p, "NULL")) {
            e = scr_expr_node(p, SCR_E_NULL, SCR_T_NULL, line);
            e->static_len = 0;
            return e;
        }
        if (scr_is_kw(p, "USER") && !(table >= 0 && strcmp(scr_peek_at(p, 1)->text, ".") == 0)) {
            /* the connected user's name (SQL Language Reference, USER) */
            p->i++;
            e = scr_expr_node(p, SCR_E_STRING, SCR_T_VARCHAR, line);
            e->str = p->user[0] ? p->user : "LOBSIM";
            e->len = (uint32_t)strlen(e->str);
            e->static_len = e->len;
            return e;
        }
        if (scr_is_kw(p, "ROWNUM") || scr_is_kw(p, "LEVEL") || scr_is_kw(p, "COLUMN_VALUE")) {
            p->i++;
            e = scr_expr_node(p, SCR_E_ROWNUM, SCR_T_NUMBER, line);
            e->row_dependent = 1;
            return e;
        }
        if (scr_is_kw(p, "EMPTY_CLOB") || scr_is_kw(p, "EMPTY_BLOB")) {
            int blob = scr_is_kw(p, "EMPTY_BLOB");
            p->i++;
            scr_expect_sym(p, "(");
            scr_expect_sym(p, ")");
            e = scr_expr_node(p, SCR_E_EMPTY_LOB, blob ? SCR_T_BLOB : SCR_T_CLOB, line);
            e->static_len = 0;
            return e;
        }
        if (scr_is_kw(p, "RPAD") && strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
            p->i++;
            return pad(p, table, plsql, SCR_E_RPAD, line);
        }
        if (scr_is_kw(p, "LPAD") && strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
            p->i++;
            return pad(p, table, plsql, SCR_E_LPAD, line);
        }
        if ((scr_is_kw(p, "TO_CLOB") || scr_is_kw(p, "TO_CHAR")) &&
            strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
            int clob = scr_is_kw(p, "TO_CLOB");
            p->i += 2;
            scr_expr_t *a = parse_concat(p, table, plsql);
            if (!clob && scr_accept_sym(p, ","))
                return to_char_fmt(p, a, plsql, line);
            want_string(p, a, clob ? "to_clob" : "to_char");
            scr_expect_sym(p, ")");
            if (!clob) {
                if (a->type == SCR_T_CLOB)
                    scr_fail_at(p, line, "to_char of a CLOB not supported");
                return a; /* text of a number or a string: the same content */
            }
            e = scr_expr_node(p, SCR_E_TO_CLOB, SCR_T_CLOB, line);
            e->args[0] = a;
            e->nargs = 1;
            e->static_len = a->static_len;
            e->row_dependent = a->row_dependent;
            return e;
        }
        if (scr_is_kw(p, "MOD") && strcmp(scr_peek_at(p, 1)->text, "(") == 0) {
            p->i += 2;
            e = scr_expr_node(p, SCR_E_MOD, SCR_T_NUMBER, line);
            e->args[0] = parse_concat(p, table, plsql);
            scr_expect_sym(p, ",");
            e->args[1] = parse_concat(p, table, plsql);
            scr_expect_sym(p, ")");
            want_number(p, e->args[0], "mod");
            want_number(p, e->args[1], "mod");
            e->nargs = 2;
            e->row_dependent = e->args[0]->row_dependent | e->args[1]->row_dependent;
            return e;
        }
        if (scr_is_kw(p, "DBMS_UTILITY") && strcmp(scr_peek_at(p, 1)->text, ".") == 0 &&
            strcmp(scr_peek_at(p, 2)->text, "GET_TIME") == 0) {
            /* DBMS_UTILITY.GET_TIME (PL/SQL Packages and Types Reference):
             * hundredths of a second, here of the model's clock */
            p->i += 3;
            if (scr_accept_sym(p, "("))
                scr_expect_sym(p, ")");
            e = scr_expr_node(p, SCR_E_CLOCK, SCR_T_NUMBER, line);
            e->row_dependent = 1; /* it moves */
            e->static_len = -1;
            return e;
        }
        if (scr_is_kw(p, "DBMS_RANDOM") && strcmp(scr_peek_at(p, 1)->text, ".") == 0 &&
            strcmp(scr_peek_at(p, 2)->text, "VALUE") == 0) {
            /* a fraction: whole only as trunc, round, floor or ceil's
             * argument (eval.c draws it from the run's seed) */
            if (!p->div_ok)
                scr_fail_at(p, line,
                            "dbms_random.value outside trunc(), round(), floor() or ceil() not "
                            "supported (the model's numbers are whole)");
            p->i += 3;
            e = scr_expr_node(p, SCR_E_NUMFN, SCR_T_NUMBER, line);
            e->num = SCR_NF_RANDOM;
            if (scr_accept_sym(p, "(")) {
                if (!scr_accept_sym(p, ")")) {
                    e->args[0] = parse_concat(p, table, plsql);
                    scr_expect_sym(p, ",");
                    e->args[1] = parse_concat(p, table, plsql);
                    scr_expect_sym(p, ")");
                    want_number(p, e->args[0], "dbms_random.value");
                    want_number(p, e->args[1], "dbms_random.value");
                    e->nargs = 2;
                }
            }
            e->row_dependent = 1; /* a draw a row */
            e->static_len = -1;
            return e;
        }
        if (scr_is_kw(p, "DBMS_RANDOM") && strcmp(scr_peek_at(p, 1)->text, ".") == 0) {
            p->i += 2;
            if (!scr_accept_kw(p, "STRING"))
                scr_unexpected(p, "STRING or VALUE (dbms_random.string and, as trunc(), "
                                  "round(), floor() or ceil()'s argument, dbms_random.value)");
            scr_expect_sym(p, "(");
            e = scr_expr_node(p, SCR_E_RANDOM, SCR_T_VARCHAR, line);
            const scr_tok_t *o = scr_peek(p);
            /* The option: 'u','U' upper, 'l','L' lower, 'a','A' mixed, 'x','X'
             * upper alphanumeric, 'p','P' printable; anything else upper
             * (PL/SQL Packages and Types Reference, DBMS_RANDOM.STRING). */
            if (o->kind != SCR_TOK_STRING || o->len != 1)
                scr_unexpected(p, "a one-character option ('u', 'l', 'a', 'x' or 'p')");
            e->args[0] = scr_expr_node(p, SCR_E_STRING, SCR_T_VARCHAR, line);
            e->args[0]->str = o->text;
            e->args[0]->len = 1;
            e->args[0]->static_len = 1;
            p->i++;
            scr_expect_sym(p, ",");
            e->args[1] = parse_concat(p, table, plsql);
            want_number(p, e->args[1], "dbms_random.string");
            scr_expect_sym(p, ")");
            e->nargs = 2;
            e->plsql = plsql;
            e->row_dependent = 1;
            if (e->args[1]->kind == SCR_E_NUMBER) {
                int64_t n = e->args[1]->num;
                if (n < 0 || n > (int64_t)SCR_PLSQL_VARCHAR_MAX)
                    scr_fail_at(p, line,
                                "dbms_random.string length %lld out of range "
                                "(accepted 0 to %u)",
                                (long long)n, SCR_PLSQL_VARCHAR_MAX);
                e->static_len = n > (int64_t)cap_of(p, plsql) ? cap_of(p, plsql) : n;
            }
            return e;
        }
    }
    if (t->kind == SCR_TOK_IDENT && (e = lob_function(p, table, plsql, line)) != NULL)
        return e;
    if ((e = scr_sequence_value(p, line)) != NULL)
        return e;
    /* A name: a variable of the block, a loop index, a cursor row's
     * field (plsql.c), else a column of the table. */
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "an expression");
    /* in a SQL statement a column's name hides a variable's (PL/SQL
     * Language Reference, "Name Resolution") */
    int column = 0;
    if (table >= 0 && !scr_is_sym(p, "."))
        for (uint32_t i = 0; i < p->script->tables[table].ncols; i++)
            column |= !p->script->tables[table].cols[i].dropped &&
                      strcmp(p->script->tables[table].cols[i].name, name) == 0;
    if (!column && p->plc && (e = scr_plsql_name(p, name, line)) != NULL)
        return e;
    if (scr_is_sym(p, "(") && (e = function(p, name, table, plsql, line)) != NULL)
        return e;
    if (scr_is_sym(p, "(") || scr_is_sym(p, ".")) {
        char q[64];
        scr_quote(name, strlen(name), q, sizeof q);
        scr_fail_at(p, line,
                    "function '%s' not supported (rpad, lpad, to_clob, to_char, "
                    "dbms_random.string, empty_clob, empty_blob, utl_raw.cast_to_raw, "
                    "hextoraw, to_blob, dbms_lob.getlength, dbms_lob.substr, length, "
                    "substr, upper, lower, replace, trim, ltrim, rtrim, chr, nvl, abs, sign, "
                    "power, greatest, least, trunc, round, floor, ceil, mod)",
                    q);
    }
    if (table < 0) {
        char q[64];
        scr_quote(name, strlen(name), q, sizeof q);
        if (p->block)
            scr_fail_at(p, line, "PLS-00201: identifier '%s' must be declared", q);
        if (p->gen_view)
            scr_fail_at(p, line,
                        "a column of ALL_OBJECTS or DBA_OBJECTS (%s) not modelled: as a row "
                        "generator the view gives rows, not its values (rownum and level are)",
                        q);
        scr_fail_at(p, line, "ORA-00904: \"%s\": invalid identifier", q);
    }
    int c = scr_column_resolve(p, table, name, line);
    const scr_table_t *tb = &p->script->tables[table];
    if (c == tb->id_col) {
        e = scr_expr_node(p, SCR_E_ID, SCR_T_NUMBER, line);
    } else if (tb->cols[c].type == SCR_COL_CLOB || tb->cols[c].type == SCR_COL_BLOB) {
        e = scr_expr_node(p, SCR_E_COLUMN,
                          tb->cols[c].type == SCR_COL_BLOB ? SCR_T_BLOB : SCR_T_CLOB, line);
        e->var = (uint32_t)c;
    } else if (tb->cols[c].type == SCR_COL_VARCHAR &&
               scr_varchar_slot(tb, c) < SCR_MAX_VARCHAR_COLUMNS) {
        /* a VARCHAR2 column: the value its row carries (life_sim/varchar.c) */
        e = scr_expr_node(p, SCR_E_COLUMN, SCR_T_VARCHAR, line);
        e->var = (uint32_t)c;
    } else {
        char q[64];
        scr_quote(name, strlen(name), q, sizeof q);
        scr_fail_at(p, line,
                    "column '%s' in an expression not supported (the id column, the LOB "
                    "columns and a table's first %u VARCHAR2 columns are)",
                    q, SCR_MAX_VARCHAR_COLUMNS);
    }
    e->row_dependent = 1;
    return e;
}

static scr_expr_t *binary(scr_parser_t *p, scr_expr_kind_t k, uint32_t line, scr_expr_t *l,
                          scr_expr_t *r)
{
    want_number(p, l, "+, -, * and /");
    want_number(p, r, "+, -, * and /");
    scr_expr_t *e = scr_expr_node(p, k, SCR_T_NUMBER, line);
    e->args[0] = l;
    e->args[1] = r;
    e->nargs = 2;
    e->row_dependent = l->row_dependent | r->row_dependent;
    return e;
}

/* * and / before + and -, each left to right (SQL Language Reference,
 * "Arithmetic Operators"); a division only as a rounding function's
 * argument (functions.c: the model's numbers are whole). */
static scr_expr_t *term(scr_parser_t *p, int table, int plsql)
{
    scr_expr_t *l = primary(p, table, plsql);
    while (scr_is_sym(p, "*") || scr_is_sym(p, "/")) {
        int div = scr_is_sym(p, "/");
        uint32_t line = scr_take(p)->line;
        if (div && !p->div_ok)
            scr_fail_at(p, line,
                        "a division outside trunc(), round(), floor() or ceil() not supported "
                        "(the model's numbers are whole)");
        l = binary(p, div ? SCR_E_DIV : SCR_E_MUL, line, l, primary(p, table, plsql));
    }
    return l;
}

static scr_expr_t *arith(scr_parser_t *p, int table, int plsql)
{
    scr_expr_t *l = term(p, table, plsql);
    for (;;) {
        scr_expr_kind_t k;
        if (scr_is_sym(p, "+"))
            k = SCR_E_ADD;
        else if (scr_is_sym(p, "-"))
            k = SCR_E_SUB;
        else
            return l;
        uint32_t line = scr_take(p)->line;
        l = binary(p, k, line, l, term(p, table, plsql));
    }
}

static scr_expr_t *parse_concat(scr_parser_t *p, int table, int plsql)
{
    scr_expr_t *l = arith(p, table, plsql);
    while (scr_is_sym(p, "||")) {
        uint32_t line = scr_take(p)->line;
        scr_expr_t *r = arith(p, table, plsql);
        want_string(p, l, "||");
        want_string(p, r, "||");
        scr_expr_t *e = scr_expr_node(p, SCR_E_CONCAT, SCR_T_VARCHAR, line);
        e->args[0] = l;
        e->args[1] = r;
        e->nargs = 2;
        e->plsql = plsql;
        e->row_dependent = l->row_dependent | r->row_dependent;
        e->type = (l->type == SCR_T_CLOB || r->type == SCR_T_CLOB) ? SCR_T_CLOB : SCR_T_VARCHAR;
        if (l->static_len >= 0 && r->static_len >= 0) {
            e->static_len = l->static_len + r->static_len;
            if (e->type == SCR_T_VARCHAR && e->static_len > (int64_t)cap_of(p, plsql)) {
                if (plsql)
                    scr_fail_at(p, line,
                                "ORA-06502: PL/SQL: numeric or value error: character "
                                "string buffer too small (%lld bytes, at most %u)",
                                (long long)e->static_len, cap_of(p, plsql));
                scr_fail_at(p, line,
                            "ORA-01489: result of string concatenation is too long "
                            "(%lld bytes, at most %u)",
                            (long long)e->static_len, cap_of(p, plsql));
            }
        }
        l = e;
    }
    return l;
}

scr_expr_t *scr_parse_expr(scr_parser_t *p, int table, int plsql)
{
    return parse_concat(p, table, plsql);
}
