/*
 * interrupt.c -- Ctrl-C (SIGINT) and SIGTERM in a program: one line on
 * stderr, "PROGRAM: interrupted, WHAT", and exit status 128 + the signal,
 * instead of a silent death.  While the program writes its results
 * (sim_interrupt_hold(1) ... (0)) the signal waits: the write completes
 * or never starts, and SQLite's -wal and -shm go with the store's close;
 * what the line then says is set before the hold ends.
 *
 * The one process-wide state of the library: a signal handler has no handle
 * to hang it off.  The handler only write()s a line made beforehand and
 * _exit()s, both async-signal-safe.
 */
#define _POSIX_C_SOURCE 200809L

#include "sim.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static char program[32];
static char line[256]; /* the whole line, made while the signals are held */
static volatile sig_atomic_t line_len;

static void on_signal(int sig)
{
    if (line_len > 0 && write(STDERR_FILENO, line, (size_t)line_len) < 0)
        line_len = 0; /* nothing more to do: the exit says it */
    _exit(128 + sig);
}

static void hold(int on, sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(on ? SIG_BLOCK : SIG_SETMASK, &set, old);
}

void sim_interrupt_say(const char *what)
{
    sigset_t old;
    hold(1, &old);
    int n = snprintf(line, sizeof line, "%s: interrupted, %s\n", program, what);
    line_len = n < 0 ? 0 : n >= (int)sizeof line ? (int)sizeof line - 1 : n;
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void sim_interrupt_install(const char *prog, const char *what)
{
    snprintf(program, sizeof program, "%s", prog);
    sim_interrupt_say(what);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void sim_interrupt_hold(int on)
{
    hold(on, NULL);
}
