/* memstream_util.h -- the text a memory stream wrote, for the tests that
 * render into memory. */
#ifndef LOBSIM_MEMSTREAM_UTIL_H
#define LOBSIM_MEMSTREAM_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Close f, opened by open_memstream(buf, ...) on the caller's local *buf,
 * and return what it wrote as a string of its own (free() it), *buf freed;
 * NULL when closing or copying fails.  The copy is the point: returned as
 * it is, the stream's buffer reached the caller through the address of a
 * local that had gone, and GCC 12 (-O3, the helper inlined) could not tell
 * the pointer the stream left there from one to that local, so it warned
 * of a dangling pointer wherever the text was read (-Wdangling-pointer).
 */
static inline char *memstream_text(FILE *f, char **buf)
{
    int rc = fclose(f);
    char *text = rc == 0 && *buf ? strdup(*buf) : NULL;
    free(*buf);
    *buf = NULL;
    return text;
}

#endif
