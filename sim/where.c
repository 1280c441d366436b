/*
 * where.c -- where the programs find what they did not get on the command
 * line: the default results store and the Oracle reference shipped with
 * lobsim.
 *
 *   store      results/history.db when the working directory is a lobsim
 *              source tree (it has results/reference/), as `make bench`
 *              and the docs use it; else the user's own,
 *              $XDG_DATA_HOME/lobsim/history.db or, without an absolute
 *              XDG_DATA_HOME, ~/.local/share/lobsim/history.db
 *              (sim_default_store(), folders made by sim_store_make_dirs()).
 *   reference  beside the program: BIN/../share/lobsim/reference/ as
 *              `cmake --install` lays it out; a program run from its build
 *              directory reads the source tree's results/reference/
 *              instead (sim_reference_file()).  An installed copy never
 *              reads the tree it was built from.
 *   scenarios  the same way: BIN/../share/lobsim/scenarios/, or the
 *              source tree's scenarios/ (sim_scenario_file()), for a
 *              --script path that is not there as given.
 *
 * The build names the two trees (LOBSIM_SOURCE_DIR, LOBSIM_BINARY_DIR,
 * sim/CMakeLists.txt); the program's own place is /proc/self/exe.
 */
#define _XOPEN_SOURCE 700 /* realpath() */

#include <errno.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim.h"

#ifndef LOBSIM_SOURCE_DIR
#define LOBSIM_SOURCE_DIR "."
#endif
#ifndef LOBSIM_BINARY_DIR
#define LOBSIM_BINARY_DIR "."
#endif

static int is_dir(const char *path)
{
    struct stat sb;
    return stat(path, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static int fits(int n, size_t len)
{
    return n >= 0 && (size_t)n < len;
}

/* The per-user data folder ($XDG_DATA_HOME, else ~/.local/share), or "". */
static void user_data_home(char *buf, size_t len)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    /* The XDG base directory spec: a relative value is to be ignored. */
    if (xdg && xdg[0] == '/' && fits(snprintf(buf, len, "%s", xdg), len))
        return;
    const char *home = getenv("HOME");
    if (!home || !*home) {
        const struct passwd *pw = getpwuid(getuid());
        home = pw ? pw->pw_dir : NULL;
    }
    if (!home || !*home || !fits(snprintf(buf, len, "%s/.local/share", home), len))
        buf[0] = '\0';
}

int sim_default_store(char *buf, size_t len)
{
    if (is_dir(SIM_SOURCE_TREE_MARK)) {
        snprintf(buf, len, "%s", SIM_DEFAULT_STORE);
        return 0;
    }
    char home[PATH_MAX];
    user_data_home(home, sizeof home);
    if (home[0] && fits(snprintf(buf, len, "%s/lobsim/history.db", home), len))
        return 1;
    /* No home at all: the source tree's name, which the open then refuses
     * naming the missing folder. */
    snprintf(buf, len, "%s", SIM_DEFAULT_STORE);
    return 0;
}

int sim_store_make_dirs(const char *path, char *err, size_t errlen)
{
    char dir[PATH_MAX];
    sim_parent_dir(path, dir, sizeof dir);
    /* mkdir -p: each prefix ending at a '/', then the whole. */
    size_t n = strlen(dir);
    for (size_t i = 1; i <= n; i++) {
        if (i < n && dir[i] != '/')
            continue;
        char c = dir[i];
        dir[i] = '\0';
        if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "%s: cannot create the folder of the store %s: %s", dir, path,
                     strerror(errno));
            return -1;
        }
        dir[i] = c;
    }
    return 0;
}

/* The folder of the running program, resolved; "" when unknown. */
static void exe_dir(char *buf, size_t len)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        buf[0] = '\0';
        return;
    }
    exe[n] = '\0';
    sim_parent_dir(exe, buf, len);
}

/* Whether dir is the build directory or a folder under it. */
static int in_build_tree(const char *dir)
{
    char build[PATH_MAX];
    if (realpath(LOBSIM_BINARY_DIR, build) == NULL)
        return 0;
    size_t n = strlen(build);
    return strncmp(dir, build, n) == 0 && (dir[n] == '\0' || dir[n] == '/');
}

/* Shipped file `name` of the data folder `sub`: PREFIX/share/lobsim/SUB/NAME
 * beside an installed program, else the source tree's TREE/NAME. */
static int data_file(const char *sub, const char *tree, const char *name, char *buf, size_t len)
{
    char dir[PATH_MAX], prefix[PATH_MAX];
    exe_dir(dir, sizeof dir);
    int n;
    if (dir[0] && !in_build_tree(dir)) {
        /* PREFIX/bin/lobbench: PREFIX/share/lobsim/SUB/NAME */
        sim_parent_dir(dir, prefix, sizeof prefix);
        n = snprintf(buf, len, "%s%s" SIM_DATA_DIR "/%s/%s", prefix,
                     strcmp(prefix, "/") == 0 ? "" : "/", sub, name);
    } else {
        n = snprintf(buf, len, LOBSIM_SOURCE_DIR "/%s/%s", tree, name);
    }
    return fits(n, len) && access(buf, R_OK) == 0;
}

int sim_reference_file(const char *name, char *buf, size_t len)
{
    return data_file("reference", "results/reference", name, buf, len);
}

int sim_scenario_file(const char *name, char *buf, size_t len)
{
    return data_file("scenarios", "scenarios", name, buf, len);
}

void sim_store_help(FILE *f, int indent)
{
    char here[PATH_MAX];
    sim_default_store(here, sizeof here);
    static const char *const rule[] = {
        SIM_DEFAULT_STORE " in a lobsim source tree",
        "(a folder with " SIM_SOURCE_TREE_MARK "/), else",
        "$XDG_DATA_HOME/lobsim/history.db, or",
        "~/.local/share/lobsim/history.db without it;",
    };
    for (size_t i = 0; i < sizeof rule / sizeof rule[0]; i++)
        fprintf(f, "%*s%s\n", indent, "", rule[i]);
    fprintf(f, "%*shere: %s\n", indent, "", here);
}
