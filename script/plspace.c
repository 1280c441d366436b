/*
 * plspace.c -- a block's calls of DBMS_SPACE (PL/SQL Packages and Types
 * Reference, DBMS_SPACE): SPACE_USAGE's SecureFile and ASSM forms,
 * UNUSED_SPACE and FREE_BLOCKS, their arguments by position or by name
 * (`=>`), the IN ones character expressions, the OUT ones NUMBER
 * variables; one SCR_PL_SPACE operation each, which life_sim/views.c
 * answers from the model.
 */
#include <string.h>

#include "plsql_int.h"

/* The parameters of DBMS_SPACE.SPACE_USAGE's SecureFile form and of
 * UNUSED_SPACE (PL/SQL Packages and Types Reference, DBMS_SPACE), in
 * order: three IN, the OUT numbers, partition_name IN last. */
static const char *const su_params[] = {
    "SEGMENT_OWNER",      "SEGMENT_NAME",     "SEGMENT_TYPE",    "SEGMENT_SIZE_BLOCKS",
    "SEGMENT_SIZE_BYTES", "USED_BLOCKS",      "USED_BYTES",      "EXPIRED_BLOCKS",
    "EXPIRED_BYTES",      "UNEXPIRED_BLOCKS", "UNEXPIRED_BYTES", "PARTITION_NAME"};
/* SPACE_USAGE's ASSM form: "the space usage of data blocks under the
 * segment High Water Mark" (DBMS_SPACE), the same three IN, twelve OUT
 * numbers, partition_name. */
static const char *const as_params[] = {
    "SEGMENT_OWNER",     "SEGMENT_NAME", "SEGMENT_TYPE", "UNFORMATTED_BLOCKS",
    "UNFORMATTED_BYTES", "FS1_BLOCKS",   "FS1_BYTES",    "FS2_BLOCKS",
    "FS2_BYTES",         "FS3_BLOCKS",   "FS3_BYTES",    "FS4_BLOCKS",
    "FS4_BYTES",         "FULL_BLOCKS",  "FULL_BYTES",   "PARTITION_NAME"};
static const char *const us_params[] = {"SEGMENT_OWNER",
                                        "SEGMENT_NAME",
                                        "SEGMENT_TYPE",
                                        "TOTAL_BLOCKS",
                                        "TOTAL_BYTES",
                                        "UNUSED_BLOCKS",
                                        "UNUSED_BYTES",
                                        "LAST_USED_EXTENT_FILE_ID",
                                        "LAST_USED_EXTENT_BLOCK_ID",
                                        "LAST_USED_BLOCK",
                                        "PARTITION_NAME"};
/* FREE_BLOCKS: a free list's blocks, of a segment in a tablespace of
 * manual segment space management (ORA-10618 of any other). */
static const char *const fb_params[] = {"SEGMENT_OWNER",     "SEGMENT_NAME", "SEGMENT_TYPE",
                                        "FREELIST_GROUP_ID", "FREE_BLKS",    "SCAN_LIMIT",
                                        "PARTITION_NAME"};

/* Which overload of SPACE_USAGE the call whose '(' is the next token
 * names, as PL/SQL resolves it: the ASSM form by more than 12 arguments or
 * by a parameter name only it has. */
static int assm_form(const scr_parser_t *p)
{
    uint32_t args = 1;
    int depth = 0, named = 0;
    for (uint32_t k = p->i; k < p->ntoks; k++) {
        const char *t = p->toks[k].text;
        depth += strcmp(t, "(") == 0;
        depth -= strcmp(t, ")") == 0;
        if (depth == 0)
            break;
        args += depth == 1 && strcmp(t, ",") == 0;
        if (depth == 1 && k + 1 < p->ntoks && strcmp(p->toks[k + 1].text, "=>") == 0)
            for (uint32_t i = 3; i < 15; i++)
                named |= strcmp(t, as_params[i]) == 0;
    }
    return named || args > 12;
}

/* dbms_space.space_usage (SecureFile and ASSM forms) and unused_space
 * with their arguments by position or by name (`=>`): the IN ones
 * character expressions, the OUT ones NUMBER variables. */
int scr_pl_space_call(scr_parser_t *p, uint32_t line)
{
    if (!(scr_is_kw(p, "DBMS_SPACE") && strcmp(scr_peek_at(p, 1)->text, ".") == 0))
        return 0;
    p->i += 2;
    int unused = scr_accept_kw(p, "UNUSED_SPACE") ? 1 : scr_accept_kw(p, "FREE_BLOCKS") ? 2 : 0;
    if (!unused && !scr_accept_kw(p, "SPACE_USAGE"))
        scr_unexpected(p, "a dbms_space procedure the model answers (space_usage, unused_space, "
                          "free_blocks)");
    const char *fn = unused == 1 ? "UNUSED_SPACE" : unused ? "FREE_BLOCKS" : "SPACE_USAGE";
    int assm = !unused && assm_form(p);
    const char *const *names = unused == 1 ? us_params
                               : unused    ? fb_params
                               : assm      ? as_params
                                           : su_params;
    /* each parameter: IN text (s), OUT number (o), IN number (n); those
     * from `required` on have defaults */
    const char *kinds = unused == 1 ? "sssooooooos"
                        : unused    ? "sssnons"
                        : assm      ? "sssoooooooooooos"
                                    : "sssoooooooos";
    uint32_t nparams = (uint32_t)strlen(kinds);
    uint32_t required = unused == 2 ? 5 : nparams - 1;
    const scr_expr_t *in[4] = {NULL, NULL, NULL, NULL};
    uint32_t outs[12];
    uint32_t given = 0; /* a bit a parameter */
    scr_expect_sym(p, "(");
    for (uint32_t pos = 0;; pos++) {
        uint32_t k = pos, aline = scr_peek(p)->line;
        if (scr_peek(p)->kind == SCR_TOK_IDENT && strcmp(scr_peek_at(p, 1)->text, "=>") == 0) {
            for (k = 0; k < nparams && strcmp(names[k], scr_peek(p)->text) != 0; k++)
                ;
            p->i += 2;
        }
        if (k >= nparams || given >> k & 1)
            scr_fail_at(p, aline, "PLS-00306: wrong number or types of arguments in call to '%s'",
                        fn);
        given |= 1u << k;
        if (kinds[k] == 'o') {
            uint32_t nth = 0;
            for (uint32_t j = 0; j < k; j++)
                nth += kinds[j] == 'o';
            char vn[SCR_NAME_MAX + 1];
            scr_expect_name(p, vn, "a NUMBER variable (an OUT argument)");
            sym_t *v = scr_plsym_declared(p, vn, aline);
            if (v->constant || v->kind != 'n')
                scr_fail_at(p, aline,
                            "PLS-00363: expression '%s' cannot be used as an assignment target "
                            "(an OUT argument of %s: a NUMBER variable)",
                            vn, fn);
            outs[nth] = v->reg;
        } else {
            const scr_expr_t *e = scr_parse_expr(p, -1, 1);
            if (e->type != (kinds[k] == 'n' ? SCR_T_NUMBER : SCR_T_VARCHAR) &&
                e->type != SCR_T_NULL)
                scr_fail_at(p, aline,
                            "PLS-00306: wrong number or types of arguments in call to '%s'", fn);
            if (kinds[k] == 's')
                in[k < 3 ? k : 3] = e;
        }
        if (!scr_accept_sym(p, ","))
            break;
    }
    scr_expect_sym(p, ")");
    scr_expect_sym(p, ";");
    if ((given & ((1u << required) - 1)) != (1u << required) - 1)
        scr_fail_at(p, line, "PLS-00306: wrong number or types of arguments in call to '%s'", fn);
    uint32_t nouts = 0;
    for (uint32_t k = 0; k < nparams; k++)
        nouts += kinds[k] == 'o';
    uint32_t o = scr_pl_emit(p, SCR_PL_SPACE, line);
    scr_pl_op_t *op = scr_pl_op(p, o);
    op->unused = unused;
    op->assm = assm;
    for (uint32_t k = 0; k < 4; k++)
        op->seg[k] = in[k];
    for (uint32_t k = 0; k < nouts; k++)
        op->outs[k] = outs[k];
    return 1;
}
