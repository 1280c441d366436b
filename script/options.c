/*
 * options.c -- the inputs of a run a script depends on, and the names of
 * statement kinds: what the parser and the evaluator both read.
 */
#include <string.h>

#include "script.h"

void scr_options_defaults(scr_options_t *o)
{
    memset(o, 0, sizeof *o);
    o->charset = SCR_CHARSET_SINGLE_BYTE;
    o->max_string_extended = 0;
    o->block_size = 8192;
    o->seed = 1;
    o->securefile_default = 1;
}

uint32_t scr_sql_varchar_max(const scr_options_t *o)
{
    return o->max_string_extended ? 32767u : 4000u;
}

const char *scr_kind_name(scr_kind_t k)
{
    static const char *const names[SCR_KIND_COUNT] = {"create tablespace",
                                                      "create table",
                                                      "insert",
                                                      "update",
                                                      "delete",
                                                      "commit",
                                                      "rollback",
                                                      "truncate",
                                                      "drop table",
                                                      "partition",
                                                      "shrink",
                                                      "move lob",
                                                      "modify lob",
                                                      "sleep",
                                                      "set parameter",
                                                      "block",
                                                      "observe",
                                                      "row movement",
                                                      "failed",
                                                      "no effect",
                                                      "drop tablespace",
                                                      "deallocate unused",
                                                      "add column",
                                                      "drop column"};
    return (unsigned)k < SCR_KIND_COUNT ? names[k] : "?";
}
