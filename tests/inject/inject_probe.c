/* SPDX-License-Identifier: BSD-3-Clause */
/* The injector's own test program (test_failalloc): four allocations of the
 * four kinds, one of them never freed on purpose; prints which succeeded. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
    void *a = malloc(10);
    void *b = calloc(2, 8);
    char *c = strdup("x");
    void *d = realloc(NULL, 5); /* not freed: the report counts it */
    printf("%d%d%d%d\n", a != NULL, b != NULL, c != NULL, d != NULL);
    free(a);
    free(b);
    free(c);
    return 0;
}
