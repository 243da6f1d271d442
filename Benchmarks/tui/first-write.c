// LD_PRELOAD for Benchmarks/tui/first-write.py: the monotonic time when this object's constructor
// runs (the loader is done; the program's own initializers and main come next) and when the first
// write to standard output is made, appended to $FIRSTWRITE_LOG.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
static double t0;
static int done;
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }
__attribute__((constructor)) static void start(void) { t0 = now(); }
ssize_t write(int fd, const void *b, size_t n) {
    static ssize_t (*real)(int, const void *, size_t);
    if (!real) real = dlsym(RTLD_NEXT, "write");
    if (!done && fd == 1) {
        double t = now();
        done = 1;
        const char *path = getenv("FIRSTWRITE_LOG");
        FILE *f = path ? fopen(path, "a") : NULL;
        if (f) { fprintf(f, "%.6f %.6f\n", t0, t); fclose(f); }
    }
    return real(fd, b, n);
}
