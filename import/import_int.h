/*
 * import_int.h -- what the parsers of import/ share (prefix ip_): the lines
 * of a text, whole numbers as Oracle's tools print them, and the builder
 * that collects figures and refuses a statistic given twice with two
 * values.  Open to the tests.
 */
#ifndef LOBSIM_IMPORT_INT_H
#define LOBSIM_IMPORT_INT_H

#include "import.h"

/* One line of the text, without its end (\n, \r\n) and trailing blanks. */
typedef struct {
    const char *p;
    size_t n;
    int no; /* from 1 */
} imp_line_t;

typedef struct {
    const char *text;
    size_t len, pos;
    int no;
} imp_lines_t;

void imp_lines_init(imp_lines_t *it, const char *text, size_t len);
/* The next line, 0 at the end. */
int imp_next_line(imp_lines_t *it, imp_line_t *l);

/* The line's blanks (space, tab, form feed, \r) skipped at both ends. */
void imp_trim(const char **p, size_t *n);
int imp_is_blank(const imp_line_t *l);
/* Only '-' and blanks, at least three '-'. */
int imp_is_dashes(const imp_line_t *l);
/* The text equals word, ignoring case. */
int imp_word_eq(const char *p, size_t n, const char *word);

/*
 * A whole number as Oracle's tools print it: digits, optionally grouped by
 * commas in threes (runstats), optionally signed when allow_sign.  0 and
 * *out, or -1 with what is wrong in why (static text).
 */
int imp_parse_int(const char *p, size_t n, int allow_sign, int64_t *out, const char **why);
/* The last blank-separated token of p[0..n): its start and length. */
void imp_last_token(const char *p, size_t n, const char **tok, size_t *tokn);

/* A set's names by hash, so that adding a figure costs O(1) whatever the
 * file's length: slots hold a statistic's index + 1, 0 when empty. */
typedef struct {
    size_t *slots;
    size_t cap; /* a power of two, at least twice the set's figures */
} imp_index_t;

/* The figures collected so far. */
typedef struct {
    const char *file;
    imp_file_t *out;
    char *err;
    size_t errlen;
    imp_index_t *index; /* one per set of out; imp_build_done() frees them */
} imp_build_t;

/* Free the builder's indexes (not the figures). */
void imp_build_done(imp_build_t *b);
/* A name that ends in a number (more columns than the format has) or a
 * catalogue name with digits glued to it: SIM_EINVAL (in b's err), else
 * SIM_OK.  imp_parse() asks it of every figure read. */
sim_err_t imp_glued_number(imp_build_t *b, const imp_stat_t *st);

/* "FILE:LINE: message"; returns SIM_EINVAL. */
sim_err_t imp_fail(imp_build_t *b, int line, const char *fmt, ...);
/* A new set; SIM_ENOMEM.  *index is its index. */
sim_err_t imp_add_set(imp_build_t *b, size_t *index);
/* A statistic's name at most this long (v$statname's are at most 64, AWR's
 * built names under 100), and a value at most 2^53: lobreport and lobdiff
 * read figures as doubles, which hold every whole number up to it. */
#define IMP_STAT_NAME_MAX 255
#define IMP_VALUE_MAX 9007199254740992LL

/* Add name = value to set i; the same name with the same value again is
 * kept once, with another value refused; a name longer than
 * IMP_STAT_NAME_MAX or a value above IMP_VALUE_MAX refused. */
sim_err_t imp_add_stat(imp_build_t *b, size_t i, const char *name, size_t namelen, int64_t value,
                       int line);

sim_err_t imp_parse_sqlplus(imp_build_t *b, const char *text, size_t len);
sim_err_t imp_parse_autotrace(imp_build_t *b, const char *text, size_t len);
sim_err_t imp_parse_runstats(imp_build_t *b, const char *text, size_t len);
sim_err_t imp_parse_snapper(imp_build_t *b, const char *text, size_t len);
sim_err_t imp_parse_csv(imp_build_t *b, const char *text, size_t len);
sim_err_t imp_parse_dictionary(imp_build_t *b, const char *text, size_t len);
sim_err_t imp_parse_gbench(imp_build_t *b, const char *text, size_t len);
sim_err_t imp_parse_awr(imp_build_t *b, const char *text, size_t len);     /* awr.c */
sim_err_t imp_parse_spool(imp_build_t *b, const char *text, size_t len);   /* spool.c */
sim_err_t imp_parse_awrhist(imp_build_t *b, const char *text, size_t len); /* awrhist.c */

/* The landmarks imp_detect() looks for, one per format. */
int imp_looks_csv(const char *text, size_t len);
int imp_looks_autotrace(const char *text, size_t len);
int imp_looks_runstats(const char *text, size_t len);
int imp_looks_snapper(const char *text, size_t len);
int imp_looks_sqlplus(const char *text, size_t len);
int imp_looks_dictionary(const char *text, size_t len);
int imp_looks_gbench(const char *text, size_t len);
int imp_looks_awr(const char *text, size_t len);
int imp_looks_spool(const char *text, size_t len);
int imp_looks_awrhist(const char *text, size_t len);

#endif /* LOBSIM_IMPORT_INT_H */
