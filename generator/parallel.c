/* SPDX-License-Identifier: BSD-3-Clause */
#define _POSIX_C_SOURCE 200809L
#include "parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

typedef struct pool {
    atomic_size_t next; /* the next index to run */
    size_t n;
    void (*fn)(void *ctx, size_t i, unsigned worker);
    void *ctx;
} pool;

typedef struct worker_arg {
    pool *pool;
    unsigned worker;
} worker_arg;

/* Takes indices until none is left: dynamic, since specs differ in size. */
static void run_indices(pool *p, unsigned worker)
{
    for (;;) {
        size_t i = atomic_fetch_add_explicit(&p->next, 1, memory_order_relaxed);
        if (i >= p->n)
            return;
        p->fn(p->ctx, i, worker);
    }
}

static void *worker_main(void *arg)
{
    const worker_arg *w = arg;
    run_indices(w->pool, w->worker);
    return NULL;
}

void parallel_for(size_t n, unsigned jobs, void (*fn)(void *ctx, size_t i, unsigned worker),
                  void *ctx)
{
    if (jobs > PARALLEL_MAX_JOBS)
        jobs = PARALLEL_MAX_JOBS;
    if (jobs > n)
        jobs = (unsigned)n;
    if (jobs <= 1) {
        for (size_t i = 0; i < n; i++)
            fn(ctx, i, 0);
        return;
    }
    pool p = {0, n, fn, ctx};
    atomic_init(&p.next, 0);
    pthread_t threads[PARALLEL_MAX_JOBS];
    worker_arg args[PARALLEL_MAX_JOBS];
    unsigned started = 0;
    for (unsigned w = 1; w < jobs; w++) {
        args[started] = (worker_arg){&p, w};
        if (pthread_create(&threads[started], NULL, worker_main, &args[started]) != 0)
            break; /* the threads already started and the caller do the rest */
        started++;
    }
    run_indices(&p, 0);
    for (unsigned k = 0; k < started; k++)
        pthread_join(threads[k], NULL);
}

unsigned parallel_default_jobs(size_t n)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    size_t jobs = cpus > 0 ? (size_t)cpus : 1;
    if (jobs > n)
        jobs = n;
    if (jobs > PARALLEL_MAX_JOBS)
        jobs = PARALLEL_MAX_JOBS;
    return jobs ? (unsigned)jobs : 1u;
}
