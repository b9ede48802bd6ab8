/* SPDX-License-Identifier: BSD-3-Clause */
/* Thread count of the batch entry points (include/mbconnect/threads.h). */
#include "mbconnect/threads.h"

#include <stdlib.h>

#define MBC_THREADS_MAX 1024

int mbc_threads_available(void)
{
#if defined(_OPENMP)
    return 1;
#else
    return 0;
#endif
}

int mbc_threads_resolve(int requested)
{
    if (!mbc_threads_available())
        return 1;
    if (requested > 0)
        return requested > MBC_THREADS_MAX ? MBC_THREADS_MAX : requested;
    const char *env = getenv("MBC_THREADS");
    if (env == NULL || *env == '\0')
        return 1;
    char *end = NULL;
    const long n = strtol(env, &end, 10);
    if (*end != '\0' || n < 1 || n > MBC_THREADS_MAX)
        return 1;
    return (int)n;
}
