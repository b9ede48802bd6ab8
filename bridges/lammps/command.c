/* SPDX-License-Identifier: BSD-3-Clause */
/* The mbconnect command (command.h): the spelled-out form of the styles.
 * Each subcommand runs LAMMPS commands (echoed to the log after the line),
 * so that it goes through the same code path as the styles themselves. */
#include "command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"

#define PAIR_USAGE                                                                                 \
    "mbconnect pair I J TYPE [NAME VALUE]..., mbconnect pair I J granular WORDS... or mbconnect "  \
    "pair I J gran/hooke|gran/hooke/history|gran/hertz/history WORDS..."
#define WALL_USAGE                                                                                 \
    "mbconnect wall ID GROUP granular WORDS... STYLE ARGS [KEYWORD VALUES], mbconnect wall ID "    \
    "GROUP hooke|hooke/history|hertz/history WORDS... STYLE ARGS [KEYWORD VALUES], or mbconnect "  \
    "wall ID GROUP TYPE [NAME VALUE]... STYLE ARGS [KEYWORD VALUES]"
#define COMMAND_SIZE 4096
#define SUMS_FIX     "mbconnect" /* fix mbconnect: f_mbconnect[N] */

/* The words as one LAMMPS command line after head (a word with a space or
 * quote quoted), into line of COMMAND_SIZE. */
static mbc_status command_line(const char *head, int argc, char *const *argv, char *line,
                               mbc_error *err)
{
    size_t n = (size_t)snprintf(line, COMMAND_SIZE, "%s", head);
    for (int k = 0; k < argc && n < COMMAND_SIZE; k++) {
        const char *w = argv[k];
        const int quote = strpbrk(w, " \t\"'") != NULL;
        const char *q = strchr(w, '"') ? "'" : "\"";
        n += (size_t)snprintf(line + n, COMMAND_SIZE - n, " %s%s%s", quote ? q : "", w,
                              quote ? q : "");
    }
    if (n >= COMMAND_SIZE)
        return mbc_fail(err, MBC_ERR_SIZE,
                        "mbconnect: the command is too long for mbc-lammps (%zu characters, at "
                        "most %d)",
                        n, COMMAND_SIZE - 1);
    return MBC_OK;
}

static mbc_status need_box(const ml_run *r, const char *what, mbc_error *err)
{
    if (!ml_host_box_exists(r))
        return mbc_fail(err, MBC_ERR_STATE,
                        "mbconnect %s: no simulation box yet (create_box or read_data first)",
                        what);
    return MBC_OK;
}

/* `mbconnect pair I J WORDS...`: pair_style mbconnect (once), its
 * pair_coeff line, and fix mbconnect (its vector). */
static mbc_status pair(ml_run *r, int argc, char **argv, mbc_error *err)
{
    if (argc < 4)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "mbconnect pair: expected atom types and a connector type (" PAIR_USAGE
                        ")");
    mbc_status st = need_box(r, "pair", err);
    char line[COMMAND_SIZE];
    if (st == MBC_OK)
        st = command_line("pair_coeff", argc - 1, argv + 1, line, err);
    if (st != MBC_OK)
        return st;
    const char *style = ml_host_pair_style(r);
    if (strcmp(style, "mbconnect") != 0) {
        if (style[0] && strcmp(style, "none") != 0) {
            char text[160];
            (void)snprintf(text, sizeof text, "mbconnect pair replaces pair_style %s", style);
            ml_host_warning(r, __FILE__, __LINE__, text);
        }
        /* the types no line names have no law, as before there was a pair
         * style: each type's own pair none, the others mixed or none */
        ml_host_command(r, "pair_style mbconnect");
        for (int t = 1; t <= ml_host_ntypes(r); t++) {
            char none[64];
            (void)snprintf(none, sizeof none, "pair_coeff %d %d none", t, t);
            ml_host_command(r, none);
        }
    }
    ml_host_command(r, line);
    /* made again: its vector has an entry for each output name so far */
    ml_host_command(r, "fix " SUMS_FIX " all mbconnect/sums");
    return MBC_OK;
}

/* `mbconnect wall ID GROUP WORDS...`: fix ID GROUP wall/mbconnect WORDS. */
static mbc_status wall(ml_run *r, int argc, char **argv, mbc_error *err)
{
    if (argc < 4)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "mbconnect wall: expected an ID, a group, a law and a wall (" WALL_USAGE
                        ")");
    mbc_status st = need_box(r, "wall", err);
    char head[256], line[COMMAND_SIZE];
    (void)snprintf(head, sizeof head, "fix %.100s %.100s wall/mbconnect", argv[1], argv[2]);
    if (st == MBC_OK)
        st = command_line(head, argc - 3, argv + 3, line, err);
    if (st == MBC_OK)
        ml_host_command(r, line);
    return st;
}

/* yes or no; -1 otherwise. */
static int yes_no(int argc, char **argv)
{
    const char *v = argc == 2 ? argv[1] : "";
    return strcmp(v, "yes") == 0 ? 1 : strcmp(v, "no") == 0 ? 0 : -1;
}

/* Whether a pair style or wall of mbc-lammps exists (a switch that its
 * laws read when they are made would come too late for them). */
static int styles_made(const ml_run *r)
{
    const char *style = ml_host_pair_style(r);
    return strcmp(style, "mbconnect") == 0 || strcmp(style, "granular/mbc") == 0;
}

static mbc_status switch_command(ml_run *r, int argc, char **argv, int *target, mbc_error *err)
{
    const int on = yes_no(argc, argv);
    if (on < 0)
        return mbc_fail(err, MBC_ERR_VALUE, "mbconnect %s: expected yes or no (given %s)", argv[0],
                        argc >= 2 ? argv[1] : "none");
    if (styles_made(r))
        return mbc_fail(err, MBC_ERR_STATE,
                        "mbconnect %s: give it before the pair style (pair_style %s is made "
                        "already, and its laws with it)",
                        argv[0], ml_host_pair_style(r));
    *target = on;
    return MBC_OK;
}

/* `mbconnect off`: pair_style none for pair_style mbconnect, fix
 * mbconnect and the walls of style wall/mbconnect removed. */
static mbc_status off(ml_run *r, int argc, char **argv, mbc_error *err)
{
    if (argc != 1)
        return mbc_fail(err, MBC_ERR_VALUE, "mbconnect off: takes no arguments (given %s)",
                        argv[1]);
    if (strcmp(ml_host_pair_style(r), "mbconnect") == 0)
        ml_host_command(r, "pair_style none");
    if (ml_host_fix_is(r, SUMS_FIX, "mbconnect/sums"))
        ml_host_command(r, "unfix " SUMS_FIX);
    ml_host_unfix_style(r, "wall/mbconnect");
    return MBC_OK;
}

mbc_status ml_command(ml_run *r, int argc, char **argv, mbc_error *err)
{
    const char *sub = argc > 0 ? argv[0] : "";
    if (strcmp(sub, "pair") == 0)
        return pair(r, argc, argv, err);
    if (strcmp(sub, "wall") == 0)
        return wall(r, argc, argv, err);
    if (strcmp(sub, "energy") == 0)
        return switch_command(r, argc, argv, &r->books, err);
    if (strcmp(sub, "corrected") == 0)
        return switch_command(r, argc, argv, &r->corrected, err);
    if (strcmp(sub, "capacity") == 0) {
        ml_host_warning(r, __FILE__, __LINE__,
                        "mbconnect capacity: has no effect: the contact history grows as "
                        "contacts need it (LAMMPS's own neighbor history)");
        return MBC_OK;
    }
    if (strcmp(sub, "off") == 0)
        return off(r, argc, argv, err);
    return mbc_fail(err, MBC_ERR_NAME,
                    "mbconnect: unknown subcommand '%s' (expected pair, wall, energy, corrected, "
                    "capacity or off: " PAIR_USAGE ")",
                    sub);
}
