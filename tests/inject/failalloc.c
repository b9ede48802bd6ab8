/* SPDX-License-Identifier: BSD-3-Clause */
/* libmbc_failalloc.so: an allocator preloaded (LD_PRELOAD) in front of the
 * C library's that fails the N-th allocation made by mbconnect or Lua code,
 * and every later one, and counts what is never freed (the fault-injection
 * tests, tests/inject/; docs/contributing.rst, "Out of memory").
 *
 * Which allocations count: malloc, calloc, realloc (to a size > 0), strdup
 * and strndup called from code that lies in the main executable (unless
 * MBC_FAILALLOC_EXECUTABLE=0: an interpreter such as python3) or in a
 * shared object whose file name starts with one of the colon-separated
 * prefixes of MBC_FAILALLOC_OBJECTS (default "libmbconnect:libmbc_"). The
 * caller is the return address of the call (__builtin_return_address),
 * its object found among the loaded objects' segments (dl_iterate_phdr).
 * Lua allocates through the sandbox's allocator function, so its
 * allocations are the sandbox's (counted); the C library's own (stdio
 * buffers, dlopen, the start-up) and an interpreter's (Python) are not.
 *
 * Environment:
 *   MBC_FAILALLOC_N       fail the N-th counted allocation (1-based) and all
 *                         later ones; unset or 0: never fail (a clean run)
 *   MBC_FAILALLOC_REPORT  at exit, write "calls C\nfailed F\nlive L\nbytes B\n":
 *                         C counted allocations, F of them failed, L counted
 *                         blocks never freed (B bytes)
 *   MBC_FAILALLOC_OBJECTS the prefixes above
 *   MBC_FAILALLOC_EXECUTABLE  0: the main executable's allocations do not count
 * Every other allocation goes to the next allocator (the C library's, or
 * AddressSanitizer's: then run with ASAN_OPTIONS=verify_asan_link_order=0).
 * Only the process it was preloaded into is injected: it takes itself out
 * of LD_PRELOAD at start, so that the programs it runs (gnuplot for
 * `mbc simulate --plot`, through sh) allocate normally and do not
 * overwrite the report. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TLS __thread __attribute__((tls_model("initial-exec")))

/* ------------------------------------------------------ the next allocator */

static void *(*next_malloc)(size_t);
static void *(*next_calloc)(size_t, size_t);
static void *(*next_realloc)(void *, size_t);
static void (*next_free)(void *);

/* dlsym may allocate while the functions above are being found: from here. */
static _Alignas(max_align_t) char bootstrap[1 << 16];
static size_t bootstrap_used;
static int resolving;

static void *bootstrap_alloc(size_t n)
{
    n = (n + 15) & ~(size_t)15;
    if (bootstrap_used + n > sizeof bootstrap)
        return NULL;
    void *p = bootstrap + bootstrap_used;
    bootstrap_used += n;
    return p;
}

static int from_bootstrap(const void *p)
{
    return (const char *)p >= bootstrap && (const char *)p < bootstrap + sizeof bootstrap;
}

static void resolve(void)
{
    if (next_free || resolving)
        return;
    resolving = 1;
    /* dlsym's object pointers as function pointers, the way POSIX allows */
    void *sym = dlsym(RTLD_NEXT, "malloc");
    memcpy(&next_malloc, &sym, sizeof sym);
    sym = dlsym(RTLD_NEXT, "calloc");
    memcpy(&next_calloc, &sym, sizeof sym);
    sym = dlsym(RTLD_NEXT, "realloc");
    memcpy(&next_realloc, &sym, sizeof sym);
    sym = dlsym(RTLD_NEXT, "free");
    memcpy(&next_free, &sym, sizeof sym);
    resolving = 0;
}

/* ------------------------------------------------------------ the objects */

#define MAX_RANGES 1024
typedef struct range {
    uintptr_t start, end;
    int counted;
} range;

static range ranges[MAX_RANGES];
static size_t range_count;
/* Guards the ranges and the live set: a spin lock of its own (the pthread
 * functions may be a sanitizer's, not yet usable while it starts). */
static atomic_flag lock = ATOMIC_FLAG_INIT;
static TLS int busy; /* this thread is inside the allocator's own work */
/* Set by the constructor below: what runs before it (the C library's and a
 * sanitizer's start-up) is never counted. */
static atomic_int started;

static void lock_acquire(void)
{
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire))
        ;
}

static void lock_release(void)
{
    atomic_flag_clear_explicit(&lock, memory_order_release);
}

/* Removes the entries naming this library ("failalloc") from LD_PRELOAD. */
static void leave_preload(void)
{
    const char *list = getenv("LD_PRELOAD");
    if (!list || !strstr(list, "failalloc"))
        return;
    static char kept[4096]; /* no allocation here: the allocator is starting */
    size_t used = 0;
    for (const char *p = list; *p;) {
        const size_t n = strcspn(p, ": ");
        if (n && !memmem(p, n, "failalloc", 9) && used + n + 2 < sizeof kept) {
            if (used)
                kept[used++] = ':';
            memcpy(kept + used, p, n);
            used += n;
        }
        p += n + (p[n] != '\0');
    }
    kept[used] = '\0';
    if (used)
        setenv("LD_PRELOAD", kept, 1);
    else
        unsetenv("LD_PRELOAD");
}

__attribute__((constructor)) static void start(void)
{
    leave_preload();
    atomic_store(&started, 1);
}

static int counted_name(const char *path)
{
    if (!path || !path[0]) { /* the main executable */
        const char *exe = getenv("MBC_FAILALLOC_EXECUTABLE");
        return !exe || strcmp(exe, "0") != 0;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *list = getenv("MBC_FAILALLOC_OBJECTS");
    if (!list)
        list = "libmbconnect:libmbc_";
    while (*list) {
        const char *end = strchr(list, ':');
        size_t n = end ? (size_t)(end - list) : strlen(list);
        if (n && strncmp(base, list, n) == 0)
            return 1;
        list += n + (end != NULL);
    }
    return 0;
}

static int add_object(struct dl_phdr_info *info, size_t size, void *ctx)
{
    (void)size;
    (void)ctx;
    const int counted = counted_name(info->dlpi_name);
    for (int i = 0; i < info->dlpi_phnum && range_count < MAX_RANGES; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        if (ph->p_type != PT_LOAD)
            continue;
        uintptr_t start = info->dlpi_addr + ph->p_vaddr;
        ranges[range_count++] = (range){start, start + ph->p_memsz, counted};
    }
    return 0;
}

/* 1 when the code at address pc counts (lock held). */
static int counts(uintptr_t pc)
{
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < range_count; i++)
            if (pc >= ranges[i].start && pc < ranges[i].end)
                return ranges[i].counted;
        range_count = 0; /* an object loaded since (dlopen): look again */
        dl_iterate_phdr(add_object, NULL);
    }
    return 0;
}

/* ------------------------------------------------- counting and failing */

static atomic_ulong calls;  /* counted allocations */
static atomic_ulong failed; /* of them refused */

/* The live set: counted blocks not yet freed (open addressing). */
#define LIVE_SLOTS (1u << 21)
static uintptr_t live[LIVE_SLOTS];
static size_t live_sizes[LIVE_SLOTS];
static size_t live_count;

static size_t slot_of(uintptr_t p)
{
    return (size_t)((p >> 4) * 0x9E3779B97F4A7C15ull >> 43) & (LIVE_SLOTS - 1);
}

static void live_add(void *p, size_t n)
{
    size_t i = slot_of((uintptr_t)p);
    while (live[i])
        i = (i + 1) & (LIVE_SLOTS - 1);
    live[i] = (uintptr_t)p;
    live_sizes[i] = n;
    live_count++;
}

/* Removes p (backward-shift deletion, no tombstones); 0 when not there. */
static int live_remove(void *p)
{
    size_t i = slot_of((uintptr_t)p);
    while (live[i] && live[i] != (uintptr_t)p)
        i = (i + 1) & (LIVE_SLOTS - 1);
    if (!live[i])
        return 0;
    live[i] = 0;
    live_count--;
    for (size_t j = (i + 1) & (LIVE_SLOTS - 1); live[j]; j = (j + 1) & (LIVE_SLOTS - 1)) {
        const size_t home = slot_of(live[j]);
        /* move j back to i when its home is not in (i, j] (cyclically) */
        if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
            live[i] = live[j];
            live_sizes[i] = live_sizes[j];
            live[j] = 0;
            i = j;
        }
    }
    return 1;
}

static unsigned long fail_from(void)
{
    const char *s = getenv("MBC_FAILALLOC_N");
    return s ? strtoul(s, NULL, 10) : 0;
}

/* Decides a counted allocation: 1 to refuse it. *counted: whether it counts. */
static int refuse(uintptr_t pc, int *counted)
{
    *counted = 0;
    if (busy || resolving || !atomic_load_explicit(&started, memory_order_relaxed))
        return 0;
    busy = 1;
    lock_acquire();
    *counted = counts(pc);
    lock_release();
    busy = 0;
    if (!*counted)
        return 0;
    const unsigned long n = atomic_fetch_add(&calls, 1) + 1;
    const unsigned long from = fail_from();
    if (from && n >= from) {
        atomic_fetch_add(&failed, 1);
        return 1;
    }
    return 0;
}

static void track(void *p, size_t n, int counted)
{
    if (!p || !counted)
        return;
    lock_acquire();
    live_add(p, n);
    lock_release();
}

static void untrack(void *p)
{
    if (!p || busy || !atomic_load_explicit(&started, memory_order_relaxed))
        return;
    lock_acquire();
    live_remove(p);
    lock_release();
}

/* -------------------------------------------------------- the interface */

static void *do_malloc(size_t n, uintptr_t pc)
{
    resolve();
    if (!next_malloc)
        return bootstrap_alloc(n);
    int counted;
    if (refuse(pc, &counted)) {
        errno = ENOMEM;
        return NULL;
    }
    void *p = next_malloc(n);
    track(p, n, counted);
    return p;
}

void *malloc(size_t n)
{
    return do_malloc(n, (uintptr_t)__builtin_return_address(0));
}

void *calloc(size_t count, size_t size)
{
    resolve();
    if (!next_calloc) {
        void *p = size && count > (size_t)-1 / size ? NULL : bootstrap_alloc(count * size);
        if (p)
            memset(p, 0, count * size);
        return p;
    }
    int counted;
    if (refuse((uintptr_t)__builtin_return_address(0), &counted)) {
        errno = ENOMEM;
        return NULL;
    }
    void *p = next_calloc(count, size);
    track(p, count * size, counted);
    return p;
}

void *realloc(void *old, size_t n)
{
    resolve();
    if (from_bootstrap(old)) { /* a bootstrap block grows into a real one */
        void *p = malloc(n);
        const size_t room = (size_t)(bootstrap + sizeof bootstrap - (char *)old);
        if (p)
            memcpy(p, old, n < room ? n : room);
        return p;
    }
    if (!next_realloc)
        return bootstrap_alloc(n);
    int counted = 0;
    if (n > 0 && refuse((uintptr_t)__builtin_return_address(0), &counted)) {
        errno = ENOMEM;
        return NULL; /* old stays valid, as realloc promises */
    }
    void *p = next_realloc(old, n);
    if (p || n == 0)
        untrack(old);
    track(p, n, counted);
    return p;
}

void free(void *p)
{
    if (!p || from_bootstrap(p))
        return;
    resolve();
    untrack(p);
    if (next_free)
        next_free(p);
}

char *strdup(const char *s)
{
    const size_t n = strlen(s) + 1;
    char *p = do_malloc(n, (uintptr_t)__builtin_return_address(0));
    if (p)
        memcpy(p, s, n);
    return p;
}

char *strndup(const char *s, size_t max)
{
    const size_t n = strnlen(s, max);
    char *p = do_malloc(n + 1, (uintptr_t)__builtin_return_address(0));
    if (p) {
        memcpy(p, s, n);
        p[n] = '\0';
    }
    return p;
}

/* ------------------------------------------------------------ the report */

__attribute__((destructor)) static void report(void)
{
    const char *path = getenv("MBC_FAILALLOC_REPORT");
    if (!path)
        return;
    size_t bytes = 0;
    lock_acquire();
    for (size_t i = 0; i < LIVE_SLOTS; i++)
        if (live[i])
            bytes += live_sizes[i];
    const size_t blocks = live_count;
    lock_release();
    char text[160];
    int n = snprintf(text, sizeof text, "calls %lu\nfailed %lu\nlive %zu\nbytes %zu\n",
                     (unsigned long)atomic_load(&calls), (unsigned long)atomic_load(&failed),
                     blocks, bytes);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (n > 0 && write(fd, text, (size_t)n) != n)
            n = -1;
        close(fd);
    }
}
