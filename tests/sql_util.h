/* sql_util.h -- raw SQL for the tests that forge or inspect results stores
 * behind the store's back.  Include after <cmocka.h>. */
#ifndef LOBSIM_SQL_UTIL_H
#define LOBSIM_SQL_UTIL_H

#include <sqlite3.h>

/* Run statements on a raw read-write connection (to forge old or foreign
 * files); a failing statement fails the test. */
static inline void sql_exec(const char *db_path, const char *sql)
{
    sqlite3 *db;
    char *err = NULL;
    assert_int_equal(sqlite3_open(db_path, &db), SQLITE_OK);
    if (sqlite3_exec(db, sql, NULL, NULL, &err) != SQLITE_OK)
        fail_msg("%s: %s", sql, err);
    sqlite3_close(db);
}

#endif
