/*
 * plexc.c -- PL/SQL's exceptions by name (PL/SQL Language Reference,
 * "PL/SQL Error Handling": "Predefined Exceptions", "User-Defined
 * Exceptions", "EXCEPTION_INIT Pragma", "Error Code and Error Message
 * Retrieval"): the predefined ones and their error codes, one a
 * declaration `name EXCEPTION;` makes (its code a pragma's, or one of its
 * own), `raise name;`, a handler's `when A [or B] then` (SCR_PL_CATCH),
 * and SQLCODE and SQLERRM in a handler (SCR_PL_ERR sets them as it
 * begins).
 *
 * A code is the error's number (1403 for ORA-01403); a user-defined
 * exception without a pragma has SCR_EXC_USER + its number, which no
 * Oracle error has, and raises "ORA-06510: PL/SQL: unhandled
 * user-defined exception" when nothing handles it (SQLCODE 1, SQLERRM
 * "User-Defined Exception").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plsql_int.h"

/* The predefined exceptions (PL/SQL Language Reference, "Predefined
 * Exceptions", the table of names and ORA- numbers). */
static const struct {
    const char *name;
    uint32_t code;
    const char *text;
} predefined[] = {
    {"ACCESS_INTO_NULL", 6530, "Reference to uninitialized composite"},
    {"CASE_NOT_FOUND", 6592, "CASE not found while executing CASE statement"},
    {"COLLECTION_IS_NULL", 6531, "Reference to uninitialized collection"},
    {"CURSOR_ALREADY_OPEN", 6511, "PL/SQL: cursor already open"},
    {"DUP_VAL_ON_INDEX", 1, "unique constraint violated"},
    {"INVALID_CURSOR", 1001, "invalid cursor"},
    {"INVALID_NUMBER", 1722, "invalid number"},
    {"LOGIN_DENIED", 1017, "invalid username/password; logon denied"},
    {"NO_DATA_FOUND", 1403, "no data found"},
    {"NOT_LOGGED_ON", 1012, "not logged on"},
    {"PROGRAM_ERROR", 6501, "PL/SQL: program error"},
    {"ROWTYPE_MISMATCH", 6504,
     "PL/SQL: Return types of Result Set variables or query do not "
     "match"},
    {"SELF_IS_NULL", 30625, "method dispatch on NULL SELF argument is disallowed"},
    {"STORAGE_ERROR", 6500, "PL/SQL: storage error"},
    {"SUBSCRIPT_BEYOND_COUNT", 6533, "Subscript beyond count"},
    {"SUBSCRIPT_OUTSIDE_LIMIT", 6532, "Subscript outside of limit"},
    {"SYS_INVALID_ROWID", 1410, "invalid ROWID"},
    {"TIMEOUT_ON_RESOURCE", 51, "timeout occurred while waiting for a resource"},
    {"TOO_MANY_ROWS", 1422, "exact fetch returns more than requested number of rows"},
    {"VALUE_ERROR", 6502, "PL/SQL: numeric or value error"},
    {"ZERO_DIVIDE", 1476, "divisor is equal to zero"},
};
#define NPREDEFINED (sizeof predefined / sizeof predefined[0])

/* A name's code: a declared exception's (innermost first), else a
 * predefined one's; 0 when it is neither. */
static uint32_t code_of(scr_parser_t *p, const char *name, const char **text)
{
    sym_t *s = scr_plsym_find(p, name);
    *text = NULL;
    if (s && s->kind == 'x')
        return s->reg;
    for (size_t k = 0; k < NPREDEFINED; k++)
        if (strcmp(predefined[k].name, name) == 0) {
            *text = predefined[k].text;
            return predefined[k].code;
        }
    return 0;
}

/* NAME EXCEPTION; (the name already read, EXCEPTION next). */
void scr_exc_declare(scr_parser_t *p, const char *name, uint32_t line)
{
    scr_expect_kw(p, "EXCEPTION");
    scr_expect_sym(p, ";");
    sym_t *s = scr_plsym_add(p, name, 'x', line);
    s->reg = SCR_EXC_USER + ++p->plc->nexc;
}

/* PRAGMA EXCEPTION_INIT(name, -NNNN); (PRAGMA next). */
void scr_exc_pragma(scr_parser_t *p, uint32_t line)
{
    scr_expect_kw(p, "PRAGMA");
    if (!scr_accept_kw(p, "EXCEPTION_INIT"))
        scr_fail(p, "PRAGMA %s not supported (EXCEPTION_INIT only)", scr_peek(p)->text);
    scr_expect_sym(p, "(");
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "an exception");
    sym_t *s = scr_plsym_find(p, name);
    if (s == NULL || s->kind != 'x')
        scr_fail_at(p, line, "PLS-00109: unknown exception name '%s' in PRAGMA EXCEPTION_INIT",
                    name);
    scr_expect_sym(p, ",");
    /* 100 (no data found as SQLCODE gives it) or a negative number above
     * -10,000,000 other than -1403 ("EXCEPTION_INIT Pragma") */
    int neg = scr_accept_sym(p, "-");
    uint64_t n = scr_expect_uint(p, 1, 9999999, 0, "error number");
    if (neg ? n == 1403 : n != 100)
        scr_fail_at(p, line,
                    "PLS-00701: illegal ORACLE error number %s%llu for PRAGMA EXCEPTION_INIT",
                    neg ? "-" : "", (unsigned long long)n);
    if (!neg)
        n = 1403;
    scr_expect_sym(p, ")");
    scr_expect_sym(p, ";");
    s->reg = (uint32_t)n;
}

/* raise NAME; (NAME next): the error it is, as its handler or the step
 * sees it. */
void scr_exc_raise(scr_parser_t *p, uint32_t line)
{
    char name[SCR_NAME_MAX + 1];
    scr_expect_name(p, name, "an exception");
    scr_expect_sym(p, ";");
    const char *text;
    uint32_t code = code_of(p, name, &text);
    if (code == 0)
        scr_fail_at(p, line, "PLS-00201: identifier '%s' must be declared", name);
    char msg[SCR_ERR_LEN];
    if (code >= SCR_EXC_USER)
        snprintf(msg, sizeof msg, "ORA-06510: PL/SQL: unhandled user-defined exception");
    else if (text)
        snprintf(msg, sizeof msg, "ORA-%05u: %s", code, text);
    else
        snprintf(msg, sizeof msg, "ORA-%05u: the exception %s (PRAGMA EXCEPTION_INIT)", code, name);
    uint32_t o = scr_pl_emit(p, SCR_PL_RAISE, line);
    scr_pl_op(p, o)->error = scr_arena_strndup(p->arena, msg, strlen(msg));
    scr_pl_op(p, o)->b = code;
}

/* A handler begins: SQLCODE and SQLERRM are names of its scope, set from
 * the error it handles. */
void scr_exc_enter(scr_parser_t *p, uint32_t line)
{
    sym_t *m = scr_plsym_add(p, "SQLERRM", 'v', line);
    m->type = SCR_T_VARCHAR;
    m->vmax = 512;
    uint32_t mreg = m->reg;
    sym_t *c = scr_plsym_add(p, "SQLCODE", 'n', line);
    c->type = SCR_T_NUMBER;
    uint32_t o = scr_pl_emit(p, SCR_PL_ERR, line);
    scr_pl_op(p, o)->a = mreg;
    scr_pl_op(p, o)->b = c->reg;
}

/* `when A [or B ...] then` (WHEN taken, not OTHERS): a SCR_PL_CATCH of
 * their codes; its target (the next handler) is the caller's to set. */
uint32_t scr_exc_when(scr_parser_t *p, uint32_t line)
{
    uint32_t codes[16], n = 0;
    do {
        char name[SCR_NAME_MAX + 1];
        uint32_t nline = scr_peek(p)->line;
        scr_expect_name(p, name, "an exception name or OTHERS");
        if (strcmp(name, "OTHERS") == 0)
            scr_fail_at(p, nline,
                        "PLS-00370: OTHERS handler must be last among the exception "
                        "handlers of a block");
        const char *text;
        uint32_t code = code_of(p, name, &text);
        if (code == 0)
            scr_fail_at(p, nline, "PLS-00201: identifier '%s' must be declared", name);
        if (n == 16)
            scr_fail(p, "more than 16 exceptions in one handler not supported");
        codes[n++] = code;
    } while (scr_accept_kw(p, "OR"));
    scr_expect_kw(p, "THEN");
    uint32_t o = scr_pl_emit(p, SCR_PL_CATCH, line);
    uint32_t *keep = scr_arena_alloc(p->arena, n * sizeof *keep);
    memcpy(keep, codes, n * sizeof *keep);
    scr_pl_op(p, o)->codes = keep;
    scr_pl_op(p, o)->ncodes = n;
    return o;
}
