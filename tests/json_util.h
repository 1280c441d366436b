/*
 * json_util.h -- the tests' JSON reader, just big enough for the reports
 * lobsim's programs write (Google Benchmark's out files, lobdiff --format=json):
 * a tree of values, members looked up by name, and a failed test when a
 * member is missing or of the wrong type.  Shared by every test that reads
 * JSON.
 */
#ifndef LOBSIM_JSON_UTIL_H
#define LOBSIM_JSON_UTIL_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype_t;

typedef struct jv {
    jtype_t t;
    bool b;
    double num;
    char *str;
    size_t n;      /* elements of an array or members of an object */
    char **keys;   /* object member names */
    struct jv **v; /* array elements / member values */
} jv_t;

/*
 * Parse text, which must hold one JSON value and nothing after it but white
 * space; NULL when it does not, with *bad_at (may be NULL) pointing at the
 * first character that could not be read.
 */
jv_t *json_parse(const char *text, const char **bad_at);
/* json_parse() that fails the test, naming where the text stopped being JSON. */
jv_t *json_must_parse(const char *text);
void jfree(jv_t *v);

/* The member `key` of object o; NULL when o is not an object or lacks it. */
jv_t *jget(const jv_t *o, const char *key);
/* The member's string or number; the test fails when it is missing or of
 * another type. */
const char *jstr(const jv_t *o, const char *key);
double jnum(const jv_t *o, const char *key);

/* The number after `key` that follows `anchor` in the JSON text, read off the
 * text itself: for checks of the order and layout of a report.  The test
 * fails when either is missing or no number follows. */
double json_number_after(const char *text, const char *anchor, const char *key);

#endif /* LOBSIM_JSON_UTIL_H */
