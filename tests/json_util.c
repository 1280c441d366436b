/*
 * json_util.c -- the tests' JSON reader (json_util.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "json_util.h"

typedef struct {
    const char *p;
    bool bad;
} jparser_t;

static jv_t *parse_value(jparser_t *ps);

void jfree(jv_t *v)
{
    if (v == NULL)
        return;
    for (size_t i = 0; i < v->n; i++) {
        if (v->keys != NULL)
            free(v->keys[i]);
        jfree(v->v[i]);
    }
    free(v->keys);
    free(v->v);
    free(v->str);
    free(v);
}

static void skip_ws(jparser_t *ps)
{
    while (*ps->p == ' ' || *ps->p == '\n' || *ps->p == '\t' || *ps->p == '\r')
        ps->p++;
}

static char *parse_string(jparser_t *ps)
{
    if (*ps->p != '"') {
        ps->bad = true;
        return NULL;
    }
    ps->p++;
    size_t cap = 16, len = 0;
    char *s = malloc(cap);
    while (*ps->p != '"') {
        char c = *ps->p++;
        if (c == '\0') {
            ps->bad = true;
            free(s);
            return NULL;
        }
        if (c == '\\') {
            c = *ps->p++;
            switch (c) {
            case 'n':
                c = '\n';
                break;
            case 't':
                c = '\t';
                break;
            case 'u': /* the reporters only escape control characters */
                for (int i = 0; i < 4 && *ps->p != '\0'; i++)
                    ps->p++;
                c = '?';
                break;
            case '\0':
                ps->bad = true;
                free(s);
                return NULL;
            default:
                break; /* \" \\ \/ */
            }
        }
        if (len + 2 > cap)
            s = realloc(s, cap *= 2);
        s[len++] = c;
    }
    ps->p++;
    s[len] = '\0';
    return s;
}

static void append(jv_t *v, char *key, jv_t *elem)
{
    v->v = realloc(v->v, (v->n + 1) * sizeof *v->v);
    if (v->t == J_OBJ)
        v->keys = realloc(v->keys, (v->n + 1) * sizeof *v->keys);
    if (v->t == J_OBJ)
        v->keys[v->n] = key;
    v->v[v->n++] = elem;
}

static jv_t *parse_value(jparser_t *ps)
{
    skip_ws(ps);
    jv_t *v = calloc(1, sizeof *v);
    char c = *ps->p;
    if (c == '{' || c == '[') {
        char close = c == '{' ? '}' : ']';
        v->t = c == '{' ? J_OBJ : J_ARR;
        ps->p++;
        skip_ws(ps);
        if (*ps->p == close) {
            ps->p++;
            return v;
        }
        for (;;) {
            char *key = NULL;
            if (v->t == J_OBJ) {
                skip_ws(ps);
                key = parse_string(ps);
                skip_ws(ps);
                if (ps->bad || *ps->p != ':') {
                    ps->bad = true;
                    free(key);
                    return v;
                }
                ps->p++;
            }
            jv_t *elem = parse_value(ps);
            append(v, key, elem);
            if (ps->bad)
                return v;
            skip_ws(ps);
            if (*ps->p == ',') {
                ps->p++;
                continue;
            }
            if (*ps->p == close) {
                ps->p++;
                return v;
            }
            ps->bad = true;
            return v;
        }
    }
    if (c == '"') {
        v->t = J_STR;
        v->str = parse_string(ps);
    } else if (strncmp(ps->p, "true", 4) == 0 || strncmp(ps->p, "false", 5) == 0) {
        v->t = J_BOOL;
        v->b = c == 't';
        ps->p += v->b ? 4 : 5;
    } else if (strncmp(ps->p, "null", 4) == 0) {
        v->t = J_NULL;
        ps->p += 4;
    } else {
        char *end;
        v->t = J_NUM;
        v->num = strtod(ps->p, &end);
        if (end == ps->p)
            ps->bad = true;
        ps->p = end;
    }
    return v;
}

jv_t *json_parse(const char *text, const char **bad_at)
{
    jparser_t ps = {text, false};
    jv_t *root = parse_value(&ps);
    if (!ps.bad) {
        while (*ps.p == ' ' || *ps.p == '\n' || *ps.p == '\t' || *ps.p == '\r')
            ps.p++;
        ps.bad = *ps.p != '\0';
    }
    if (ps.bad) {
        jfree(root);
        root = NULL;
    }
    if (bad_at)
        *bad_at = ps.bad ? ps.p : NULL;
    return root;
}

jv_t *json_must_parse(const char *text)
{
    const char *at;
    jv_t *root = json_parse(text, &at);
    if (!root)
        fail_msg("not valid JSON near: %.40s", at);
    return root;
}

jv_t *jget(const jv_t *o, const char *key)
{
    if (o == NULL || o->t != J_OBJ)
        return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0)
            return o->v[i];
    return NULL;
}

const char *jstr(const jv_t *o, const char *key)
{
    const jv_t *v = jget(o, key);
    if (v == NULL || v->t != J_STR)
        fail_msg("JSON member '%s' missing or not a string", key);
    return v->str;
}

double jnum(const jv_t *o, const char *key)
{
    const jv_t *v = jget(o, key);
    if (v == NULL || v->t != J_NUM)
        fail_msg("JSON member '%s' missing or not a number", key);
    return v->num;
}

double json_number_after(const char *text, const char *anchor, const char *key)
{
    const char *p = strstr(text, anchor);
    if (!p)
        fail_msg("no %s in:\n%s", anchor, text);
    p = strstr(p, key);
    if (!p)
        fail_msg("no %s after %s", key, anchor);
    p += strlen(key);
    char *end;
    double v = strtod(p, &end);
    if (end == p)
        fail_msg("%s after %s is not a number: %.20s", key, anchor, p);
    return v;
}
