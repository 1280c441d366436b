/*
 * steps.c -- what the store knows of a script run: a step's case (its
 * number, statement and table) checked the same way for lobbench's runs
 * (record.c) and lobimport's (record_import.c), and the digest of a file's
 * bytes that the run keeps (runs.script_digest, runs.reference_digest).
 * Nothing here touches SQLite.
 */
#include "results_int.h"

#include <inttypes.h>
#include <string.h>

void res_digest(const void *bytes, size_t n, char out[RES_DIGEST_LEN])
{
    const unsigned char *p = bytes;
    uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a 64 */
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    res_format(out, RES_DIGEST_LEN, "%016" PRIx64, h);
}

const char *res_step_problem(uint32_t step, const char *statement, const char *table,
                             const char *segment, uint64_t lob_chars)
{
    if (step == 0) {
        if (statement || table || segment)
            return "a statement, table or segment without a step number";
        return lob_chars == 0 ? "LOB size 0 chars" : NULL;
    }
    if (step > INT32_MAX)
        return "step number above 2147483647";
    if (!statement || !*statement)
        return "a step without its statement";
    /* No table: the session's row of the step. */
    if (table && (!*table || strlen(table) > 128))
        return "a step's table of 0 or more than 128 characters";
    if (segment && (!table || !*segment || strlen(segment) > 128))
        return "a step's segment without its table, or of 0 or more than 128 characters";
    return NULL;
}
