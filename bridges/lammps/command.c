/* SPDX-License-Identifier: BSD-3-Clause */
/* The mbconnect command (command.h). */
#include "command.h"

#include <stdlib.h>
#include <string.h>

#include <lammps/library.h>

#include "bridge.h"
#include "classic_words.h"
#include "granular.h"
#include "law.h"
#include "wall.h"

#define ML_CAPACITY_MAX 4096

#define PAIR_USAGE                                                                                 \
    "mbconnect pair I J TYPE [NAME VALUE]..., mbconnect pair I J granular WORDS... or mbconnect "  \
    "pair I J gran/hooke|gran/hooke/history|gran/hertz/history WORDS..."

/* A whole positive integer; 0 when s is not one. */
static long whole(const char *s, size_t n)
{
    if (n == 0 || n > 9)
        return 0;
    long v = 0;
    for (size_t k = 0; k < n; k++) {
        if (s[k] < '0' || s[k] > '9')
            return 0;
        v = 10 * v + (s[k] - '0');
    }
    return v;
}

/* An atom type range as pair_coeff reads it: N, *, *N, N*, M*N in 1..ntypes. */
static int type_range(ml_run *r, const char *s, int ntypes, int *lo, int *hi)
{
    const char *star = strchr(s, '*');
    long a = 1, b = ntypes;
    if (!star) {
        a = b = whole(s, strlen(s));
    } else {
        if (star > s)
            a = whole(s, (size_t)(star - s));
        if (star[1])
            b = whole(star + 1, strlen(star + 1));
    }
    if (a < 1 || b < a || b > ntypes)
        return ml_error_at(r,
                           "mbconnect pair: atom types '%s' must be N, *, *N, N* or M*N within "
                           "1..%d (" PAIR_USAGE ")",
                           s, ntypes);
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

/* `mbconnect pair I J granular WORDS...` (argv: the words after `granular`):
 * the words as a ContactGranular law of the bridge. */
static int pair_granular(ml_run *r, const int lo[2], const int hi[2], int argc, char **argv)
{
    ml_granular_law words;
    char msg[ML_MESSAGE_SIZE / 2];
    if (ml_granular_parse(argc, argv, &words, msg, sizeof msg) != 0)
        return ml_error_at(r,
                           "mbconnect pair: %s ("
                           "the words of pair_style granular's pair_coeff I J"
                           ")",
                           msg);
    ml_law *law = ml_granular_law_create(r, "mbconnect pair", &words);
    if (!ml_all(r, law != NULL)) { /* out of memory may be one rank's */
        ml_law_destroy(law);
        return r->status ? r->status : ML_EXIT_ERROR;
    }
    return ml_bridge_pair(r, lo, hi, law, &words);
}

/* `mbconnect pair I J gran/hooke/history WORDS...` (argv: the words after
 * the style): the words of pair_style gran/hooke, gran/hooke/history or
 * gran/hertz/history as a ContactGranClassic law of the bridge. */
static int pair_classic(ml_run *r, const int lo[2], const int hi[2], int model, int argc,
                        char **argv)
{
    ml_classic_law words;
    char msg[ML_MESSAGE_SIZE / 2];
    int used = 0;
    const double *nktv2p = lammps_extract_global(r->lmp, "nktv2p");
    if (ml_classic_parse(model, argc, argv, nktv2p ? *nktv2p : 1.0, false, &words, &used, msg,
                         sizeof msg) != 0)
        return ml_error_at(r, "mbconnect pair: %s (the words of the pair_style command)", msg);
    ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
    const int n = ml_classic_params(&words, p);
    ml_law *law = ml_params_law_create(r, "mbconnect pair", ML_CLASSIC_TYPE, p, n);
    if (!ml_all(r, law != NULL)) { /* out of memory may be one rank's */
        ml_law_destroy(law);
        return r->status ? r->status : ML_EXIT_ERROR;
    }
    return ml_bridge_pair(r, lo, hi, law, NULL);
}

static int pair(ml_run *r, int argc, char **argv)
{
    if (argc < 4)
        return ml_error_at(
            r, "mbconnect pair: expected atom types and a connector type (" PAIR_USAGE ")");
    if (lammps_extract_setting(r->lmp, "box_exist") != 1)
        return ml_error_at(r,
                           "mbconnect pair: no simulation box yet (create_box or read_data first)");
    const int ntypes = lammps_extract_setting(r->lmp, "ntypes");
    int lo[2], hi[2];
    if (type_range(r, argv[1], ntypes, &lo[0], &hi[0]) != 0 ||
        type_range(r, argv[2], ntypes, &lo[1], &hi[1]) != 0)
        return r->status;
    if (strcmp(argv[3], "granular") == 0)
        return pair_granular(r, lo, hi, argc - 4, argv + 4);
    const int classic = ml_classic_pair_style(argv[3]);
    if (classic >= 0)
        return pair_classic(r, lo, hi, classic, argc - 4, argv + 4);
    ml_law *law = ml_law_create(r, "mbconnect pair", argv[3], argc - 4, argv + 4);
    if (!ml_all(r, law != NULL)) { /* out of memory may be one rank's */
        ml_law_destroy(law);
        return r->status ? r->status : ML_EXIT_ERROR;
    }
    return ml_bridge_pair(r, lo, hi, law, NULL);
}

static int capacity(ml_run *r, int argc, char **argv)
{
    const long n = argc == 2 ? whole(argv[1], strlen(argv[1])) : 0;
    if (n < 1 || n > ML_CAPACITY_MAX)
        return ml_error_at(r,
                           "mbconnect capacity: expected one whole number of contacts per atom "
                           "in 1..%d (given %s)",
                           ML_CAPACITY_MAX, argc >= 2 ? argv[1] : "none");
    return ml_bridge_capacity(r, (int)n);
}

static int energy(ml_run *r, int argc, char **argv)
{
    const char *v = argc == 2 ? argv[1] : "";
    const int on = strcmp(v, "yes") == 0, off = strcmp(v, "no") == 0;
    if (!on && !off)
        return ml_error_at(r, "mbconnect energy: expected yes or no (given %s)",
                           argc >= 2 ? argv[1] : "none");
    return ml_bridge_energy(r, on);
}

int ml_command(ml_run *r, int argc, char **argv)
{
    ml_bridge_forget_cleared(r);
    const char *sub = argc > 0 ? argv[0] : "";
    if (strcmp(sub, "pair") == 0)
        return pair(r, argc, argv);
    if (strcmp(sub, "capacity") == 0)
        return capacity(r, argc, argv);
    if (strcmp(sub, "energy") == 0)
        return energy(r, argc, argv);
    if (strcmp(sub, "wall") == 0)
        return ml_wall_command(r, argc - 1, argv + 1);
    if (strcmp(sub, "off") == 0) {
        if (argc != 1)
            return ml_error_at(r, "mbconnect off: takes no arguments (given %s)", argv[1]);
        return ml_bridge_off(r);
    }
    return ml_error_at(r,
                       "mbconnect: unknown subcommand '%s' (expected pair, wall, capacity, energy "
                       "or off: " PAIR_USAGE ")",
                       sub);
}
