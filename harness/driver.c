/* SPDX-License-Identifier: BSD-3-Clause */
/* The command-line test driver of the invariant harness (invariants.h,
 * mbc_invariants_main): one cmocka test per (type, invariant) run, and the
 * CTest file that registers one such test per declared invariant. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/invariants.h"

/* A type with forces and data coordinates (an active set) must reach both
 * branches: at least this fraction of the states in contact (non-zero
 * forces) and out of contact. */
#define MIN_COVERAGE 0.05

typedef struct run {
    const mbc_type_info *type;
    mbc_invariant inv;
    mbc_invariant_options opt;
    bool expect_violation; /* the spec says the invariant does not hold */
} run;

static void test_invariant(void **state)
{
    const run *r = *state;
    mbc_invariant_report rep;
    mbc_error err = {0};
    mbc_status st = mbc_invariant_check(r->type, r->inv, &r->opt, &rep, &err);
    if (st != MBC_OK)
        fail_msg("%s", err.message);
    printf("%s %s: %zu states (%zu in contact, %zu not), %zu violate it; worst %.3g x tolerance\n",
           r->type->type_name, mbc_invariant_name(r->inv), rep.states, rep.in_contact,
           rep.out_of_contact, rep.failures, rep.worst);
    fflush(stdout);
    /* a type with an active set (data coordinates) must reach both branches;
     * one without (e.g. a spring-damper) acts in every state */
    if (r->type->forces && r->type->data_block_count && rep.states) {
        double in = (double)rep.in_contact / (double)rep.states;
        if (in < MIN_COVERAGE || in > 1 - MIN_COVERAGE)
            fail_msg("%s: only %zu of %zu random states are in contact (both branches need at "
                     "least %g%%); adjust invariants.sample in the spec",
                     r->type->type_name, rep.in_contact, rep.states, 100 * MIN_COVERAGE);
    }
    const char *unbalanced = r->type->invariants && r->inv == MBC_INVARIANT_ACTION_REACTION
                                 ? r->type->invariants->unbalanced_moment
                                 : NULL;
    if (unbalanced) {
        printf("moments not checked (invariants.unbalanced_moment: \"%s\"): %zu of %zu states "
               "have a moment sum over the tolerance\n",
               unbalanced, rep.unbalanced_moments, rep.states);
        if (rep.unbalanced_moments == 0 && rep.states)
            fail_msg("%s declares unbalanced_moment (\"%s\"), but the moments balanced in all "
                     "%zu states: remove it",
                     r->type->type_name, unbalanced, rep.states);
    }
    if (r->expect_violation) {
        const char *why = r->type->invariants->reasons[r->inv];
        if (rep.failures == 0)
            fail_msg("%s declares that %s does not hold (\"%s\"), but it held in all %zu states: "
                     "move it to invariants.hold",
                     r->type->type_name, mbc_invariant_name(r->inv), why, rep.states);
        printf("as declared (\"%s\"): %s\n", why, rep.first_failure);
    } else if (rep.failures) {
        fail_msg("%zu of %zu states violate it; first: %s", rep.failures, rep.states,
                 rep.first_failure);
    }
}

static int usage(const char *prog)
{
    fprintf(stderr,
            "usage: %s --type NAME --invariant NAME [--seed N] [--states N] [--expect-violation]\n"
            "       %s --ctest-file FILE --command EXE [--prefix PREFIX]\n"
            "       %s --list\n",
            prog, prog, prog);
    return 2;
}

static const mbc_type_info *find(const mbc_type_info *const *types, size_t n, const char *name)
{
    for (size_t i = 0; name && i < n; i++)
        if (strcmp(types[i]->type_name, name) == 0)
            return types[i];
    return NULL;
}

/* A CMake bracket argument cannot contain "]=]". */
static int write_ctest(const char *file, const char *command, const char *prefix,
                       const mbc_type_info *const *types, size_t n)
{
    FILE *f = fopen(file, "w");
    if (!f) {
        fprintf(stderr, "mbc-invariants: cannot write %s\n", file);
        return 2;
    }
    fprintf(f, "# Written by %s: one test per connector type and declared invariant.\n", command);
    for (size_t i = 0; i < n; i++) {
        const mbc_invariant_info *iv = types[i]->invariants;
        for (int k = 0; iv && k < MBC_INVARIANT_COUNT; k++) {
            bool holds = iv->holds & (1u << k), not_holding = iv->not_holding & (1u << k);
            if (!holds && !not_holding)
                continue;
            const char *inv = mbc_invariant_name((mbc_invariant)k);
            fprintf(f,
                    "add_test([=[%s.%s.%s%s]=] [=[%s]=] --type [=[%s]=] --invariant %s%s)\n"
                    "set_tests_properties([=[%s.%s.%s%s]=] PROPERTIES LABELS invariants TIMEOUT "
                    "120)\n",
                    prefix, types[i]->type_name, inv, holds ? "" : ".not_holding", command,
                    types[i]->type_name, inv, holds ? "" : " --expect-violation", prefix,
                    types[i]->type_name, inv, holds ? "" : ".not_holding");
        }
    }
    return fclose(f) == 0 ? 0 : 2;
}

int mbc_invariants_main(int argc, char **argv, const mbc_type_info *const *types, size_t n)
{
    const char *type = NULL, *inv = NULL, *ctest = NULL, *command = NULL, *prefix = "invariant";
    run r = {.opt = {.seed = 20261122, .states = 300}};
    bool list = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--list") == 0)
            list = true;
        else if (strcmp(a, "--expect-violation") == 0)
            r.expect_violation = true;
        else if (!v)
            return usage(argv[0]);
        else if (strcmp(a, "--type") == 0)
            type = v, i++;
        else if (strcmp(a, "--invariant") == 0)
            inv = v, i++;
        else if (strcmp(a, "--seed") == 0)
            r.opt.seed = strtoull(v, NULL, 10), i++;
        else if (strcmp(a, "--states") == 0)
            r.opt.states = strtoul(v, NULL, 10), i++;
        else if (strcmp(a, "--ctest-file") == 0)
            ctest = v, i++;
        else if (strcmp(a, "--command") == 0)
            command = v, i++;
        else if (strcmp(a, "--prefix") == 0)
            prefix = v, i++;
        else
            return usage(argv[0]);
    }
    if (ctest)
        return command ? write_ctest(ctest, command, prefix, types, n) : usage(argv[0]);
    if (list) {
        for (size_t i = 0; i < n; i++)
            for (int k = 0; types[i]->invariants && k < MBC_INVARIANT_COUNT; k++) {
                const mbc_invariant_info *iv = types[i]->invariants;
                if (iv->holds & (1u << k))
                    printf("%s %s\n", types[i]->type_name, mbc_invariant_name((mbc_invariant)k));
                else if (iv->not_holding & (1u << k))
                    printf("%s %s does not hold: %s\n", types[i]->type_name,
                           mbc_invariant_name((mbc_invariant)k), iv->reasons[k]);
            }
        return 0;
    }
    if (!type || !inv)
        return usage(argv[0]);
    r.type = find(types, n, type);
    int k = mbc_invariant_from_name(inv);
    if (!r.type) {
        fprintf(stderr, "mbc-invariants: unknown connector type '%s'\n", type);
        return 2;
    }
    if (k < 0) {
        fprintf(stderr,
                "mbc-invariants: unknown invariant '%s' (known: action_reaction, "
                "frame_invariance, frame_invariance_z, jacobian_fd, passivity, rigid_motion)\n",
                inv);
        return 2;
    }
    r.inv = (mbc_invariant)k;
    if (r.expect_violation &&
        !(r.type->invariants && (r.type->invariants->not_holding & (1u << k)))) {
        fprintf(stderr, "mbc-invariants: %s does not declare %s as not holding\n", type, inv);
        return 2;
    }
    char name[160];
    snprintf(name, sizeof name, "%s.%s", type, inv);
    const struct CMUnitTest tests[] = {
        {name, test_invariant, NULL, NULL, &r},
    };
    return cmocka_run_group_tests_name(name, tests, NULL, NULL);
}
