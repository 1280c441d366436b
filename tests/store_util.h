/* store_util.h -- the fixture of the tests that write a results store: a
 * fresh temporary directory and the path of history.db in it, removed with
 * everything below it afterwards.  Include after <cmocka.h>. */
#ifndef LOBSIM_STORE_UTIL_H
#define LOBSIM_STORE_UTIL_H

#include <stdio.h>
#include <stdlib.h>

#include "fs_util.h"

typedef struct {
    char dir[64];
    char db[128]; /* dir/history.db, not created */
} store_dir_t;

/* A cmocka setup: *state becomes a store_dir_t in /tmp/lobsim-TAG-XXXXXX. */
static inline int store_dir_setup(void **state, const char *tag)
{
    store_dir_t *f = calloc(1, sizeof *f);
    assert_non_null(f);
    snprintf(f->dir, sizeof f->dir, "/tmp/lobsim-%s-XXXXXX", tag);
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->db, sizeof f->db, "%s/history.db", f->dir);
    *state = f;
    return 0;
}

/* The cmocka teardown that goes with store_dir_setup(). */
static inline int store_dir_teardown(void **state)
{
    store_dir_t *f = *state;
    remove_tree(f->dir);
    free(f);
    return 0;
}

#endif
