/*
 * series.h -- lobimport's session of a Snapper series: one session whose
 * snapshots are the file's sets, its figures each name's sum over them
 * (import/README.md, "Snapper").  Private to lobimport.
 */
#ifndef LOBSIM_SERIES_H
#define LOBSIM_SERIES_H

#include <stddef.h>

#include "import.h"
#include "results.h"

/* What series_session() allocates, freed by series_free(). */
typedef struct {
    res_import_snapshot_t *snaps;
    res_named_value_t *sum;
    const char **printed;     /* beside sum, all NULL: Snapper cuts no name */
    res_named_value_t *zeros; /* an empty snapshot's figures: each name, 0 */
} series_t;

/*
 * Make *s the session of the series p (p->nsets >= 1 snapshots; figs holds
 * each set's figures, matched to the catalogue, one after the other in set
 * order): its snapshots and, as its figures, each name's sum over them in
 * the order the names first come.  The case fields of *s are left alone.
 * 0; -1 out of memory; -2 a sum beyond INT64_MAX, its name in *over.
 */
int series_session(const imp_file_t *p, const res_named_value_t *figs, res_import_session_t *s,
                   series_t *mem, const char **over);

void series_free(series_t *mem);

#endif /* LOBSIM_SERIES_H */
