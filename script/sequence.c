/*
 * sequence.c -- sequences (SQL Language Reference, CREATE SEQUENCE, DROP
 * SEQUENCE, "Sequence Pseudocolumns"): a dictionary object with no
 * segment whose NEXTVAL gives START WITH, then each next value INCREMENT
 * BY further, one a row of the statement that names it; CURRVAL the last
 * value the session took (null before one, where Oracle raises ORA-08002).
 * CACHE, ORDER, CYCLE, MINVALUE and MAXVALUE are read and have no effect.
 * The values are the run's (eval.c keeps them in the value store).
 */
#include <stdio.h>
#include <string.h>

#include "script_int.h"

static struct scr_seq *find(scr_parser_t *p, const char *name)
{
    for (uint32_t k = 0; k < p->nseqs; k++)
        if (strcmp(p->seqs[k].name, name) == 0)
            return &p->seqs[k];
    return NULL;
}

void scr_sequence_statement(scr_parser_t *p)
{
    p->i = 0;
    int create = scr_accept_kw(p, "CREATE");
    if (!create)
        scr_expect_kw(p, "DROP");
    scr_expect_kw(p, "SEQUENCE");
    char name[SCR_NAME_MAX + 1];
    uint32_t line = scr_peek(p)->line;
    scr_expect_name(p, name, "a sequence name");
    if (scr_accept_sym(p, "."))
        scr_expect_name(p, name, "a sequence name"); /* SCHEMA.NAME: one schema */
    struct scr_seq *old = find(p, name);
    if (!create) {
        scr_expect_end(p);
        if (old == NULL)
            scr_fail_at(p, line, "ORA-02289: sequence does not exist");
        *old = p->seqs[--p->nseqs];
        return;
    }
    if (old)
        scr_fail_at(p, line, "ORA-00955: name is already used by an existing object (%s)", name);
    struct scr_seq s;
    memset(&s, 0, sizeof s);
    snprintf(s.name, sizeof s.name, "%s", name);
    s.start = 1;
    s.inc = 1;
    int start_given = 0;
    int64_t minvalue = 1;
    while (scr_peek(p)->kind != SCR_TOK_EOF) {
        if (scr_accept_kw(p, "START")) {
            scr_expect_kw(p, "WITH");
            s.start = scr_expect_int(p, "START WITH");
            start_given = 1;
        } else if (scr_accept_kw(p, "INCREMENT")) {
            scr_expect_kw(p, "BY");
            s.inc = scr_expect_int(p, "INCREMENT BY");
            if (s.inc == 0)
                scr_fail_at(p, line, "ORA-04002: INCREMENT must be a non-zero integer");
        } else if (scr_accept_kw(p, "MINVALUE")) {
            minvalue = scr_expect_int(p, "MINVALUE");
        } else if (scr_accept_kw(p, "MAXVALUE") || scr_accept_kw(p, "CACHE")) {
            (void)scr_expect_int(p, "a number");
        } else if (scr_accept_kw(p, "NOCACHE") || scr_accept_kw(p, "ORDER") ||
                   scr_accept_kw(p, "NOORDER") || scr_accept_kw(p, "CYCLE") ||
                   scr_accept_kw(p, "NOCYCLE") || scr_accept_kw(p, "NOMAXVALUE") ||
                   scr_accept_kw(p, "NOMINVALUE") || scr_accept_kw(p, "KEEP") ||
                   scr_accept_kw(p, "NOKEEP") || scr_accept_kw(p, "GLOBAL") ||
                   scr_accept_kw(p, "SESSION")) {
        } else {
            scr_unexpected(p, "START WITH, INCREMENT BY, MINVALUE, MAXVALUE, CACHE, NOCACHE, "
                              "ORDER, CYCLE or the statement's end");
        }
    }
    /* an ascending sequence without START WITH begins at MINVALUE */
    if (!start_given && s.inc > 0)
        s.start = minvalue;
    s.id = p->nseqids++;
    p->seqs = scr_arena_grow(p->arena, p->seqs, p->nseqs, &p->capseqs, sizeof *p->seqs);
    p->seqs[p->nseqs++] = s;
}

scr_expr_t *scr_sequence_value(scr_parser_t *p, uint32_t line)
{
    const scr_tok_t *t = scr_peek(p);
    if (t->kind != SCR_TOK_IDENT || strcmp(scr_peek_at(p, 1)->text, ".") != 0)
        return NULL;
    const char *what = scr_peek_at(p, 2)->text;
    int next = strcmp(what, "NEXTVAL") == 0;
    if (!next && strcmp(what, "CURRVAL") != 0)
        return NULL;
    struct scr_seq *s = find(p, t->text);
    if (s == NULL)
        scr_fail_at(p, line, "ORA-02289: sequence does not exist (%s)", t->text);
    p->i += 3;
    scr_expr_t *e = scr_expr_node(p, SCR_E_SEQ, SCR_T_NUMBER, line);
    e->var = s->id;
    e->num = s->start;
    e->raw = !next;
    e->args[0] = scr_expr_node(p, SCR_E_NUMBER, SCR_T_NUMBER, line);
    e->args[0]->num = s->inc;
    e->row_dependent = 1; /* a value a row */
    e->static_len = -1;
    return e;
}
