/* SPDX-License-Identifier: BSD-3-Clause */
/* Running the input command by command, as lmp would (docs/lammps.rst,
 * "How the input runs"): every line goes to LAMMPS (lammps_command), which
 * substitutes variables, echoes and executes it, except
 *
 * - `mbconnect ...` (command.c), with LAMMPS's variable substitution done
 *   by LAMMPS (a `print` into the scratch file when the line has a '$');
 * - `include FILE`, `jump FILE [LABEL]`: the files are ours to read, so
 *   mbc-lammps opens and positions them; LAMMPS still sees the jump (it
 *   skips the jump after an exhausted `next`, and skips commands while it
 *   scans for the label), and mbc-lammps follows: it skips a jump after a
 *   `next` left a variable without values, and scans for the label itself;
 * - `if` with a jump inside: LAMMPS may start scanning for a label; a probe
 *   tells, and mbc-lammps then skips lines until LAMMPS stops scanning;
 * - `clear` and `comm_modify`, `run`, `minimize`, `rerun`: passed on, with
 *   the bridge reset, or its settings checked before the run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lammps/library.h>

#include "bridge.h"
#include "command.h"
#include "source.h"
#include "words.h"

#define PROBE "variable _mbc_lammps_probe delete"

typedef struct ml_script {
    ml_source src;
    int skip_jump; /* a `next` ran out of values: LAMMPS skips the next jump */
    int scanning;  /* lines are skipped up to a label */
    char *label;   /* that label, or NULL: the one LAMMPS scans for */
} script_state;

/* The line (comment removed) with LAMMPS's variable substitution; malloc'd. */
static char *substitute(ml_run *r, const char *line)
{
    const size_t n = ml_words_uncommented(line);
    char *text = malloc(n + 1);
    if (!ml_all(r, text != NULL) || !text) { /* before the collective substitution */
        if (!text)
            ml_error_nomem(r);
        free(text);
        return NULL;
    }
    memcpy(text, line, n);
    text[n] = '\0';
    if (!strchr(text, '$'))
        return text;
    if (strstr(text, "\"\"\"")) {
        free(text);
        ml_error_at(r, "mbconnect: a line with both variables and triple quotes (\"\"\")");
        return NULL;
    }
    ml_lammps(r, "print \"\"\"%s\"\"\" file %s screen no", text, r->scratch_path);
    free(text);
    return ml_scratch_read(r);
}

/* LAMMPS scans for a label: it skips (and does not echo) the probe. */
static int lammps_scanning(ml_run *r)
{
    return lammps_command(r->lmp, PROBE) == NULL;
}

/* The words of the line after substitution; 0, or nonzero when this rank
 * has an error pending or another rank has one (then every rank skips the
 * command, and the caller must not report an error of its own). */
static int words_of(ml_run *r, const char *line, ml_words *w)
{
    *w = (ml_words){0};
    char *text = substitute(r, line); /* NULL: an error here or on another rank */
    const int rc = text ? ml_words_split(text, w) : -1;
    if (text && rc < 0)
        ml_error_nomem(r);
    free(text);
    if (!ml_all(r, rc >= 0)) /* the command is collective: every rank skips it */
        return r->status ? r->status : ML_EXIT_ERROR;
    if (rc > 0)
        return ml_error_at(r, "Unmatched quote in command: %s", line);
    return 0;
}

/* include FILE */
static void run_include(ml_run *r, script_state *st, const char *line)
{
    ml_words w;
    if (words_of(r, line, &w) == 0) {
        lammps_command(r->lmp, "# include (read by mbc-lammps)");
        if (w.argc != 2)
            ml_error_at(r, "Illegal include command: %s", line);
        else
            ml_source_push(r, &st->src, w.argv[1]);
    }
    ml_words_free(&w);
}

/* jump FILE [LABEL] */
static void run_jump(ml_run *r, script_state *st, const char *line)
{
    ml_words w;
    if (words_of(r, line, &w) != 0) { /* an error here, or on another rank */
        ml_words_free(&w);
        return;
    }
    if (w.argc < 2 || w.argc > 3) {
        ml_error_at(r, "Illegal jump command: %s", line);
        ml_words_free(&w);
        return;
    }
    lammps_command(r->lmp, line); /* LAMMPS keeps its own jump state consistent */
    if (st->skip_jump) {
        st->skip_jump = 0;
    } else {
        if (strcmp(w.argv[1], "SELF") == 0) {
            ml_source_rewind(r, &st->src);
        } else {
            r->file = NULL; /* the file it names is closed now */
            if (ml_source_replace(r, &st->src, w.argv[1]) == 0)
                r->file = st->src.files[st->src.depth - 1].path;
        }
        if (w.argc == 3) {
            free(st->label);
            st->label = strdup(w.argv[2]);
            st->scanning = 1;
            if (!st->label)
                ml_error_nomem(r);
        }
    }
    ml_words_free(&w);
}

/* next V...: LAMMPS deletes a variable that ran out of values, and then
 * skips the next jump. */
static void run_next(ml_run *r, script_state *st, const char *line)
{
    lammps_command(r->lmp, line);
    ml_words w;
    if (ml_words_split(line, &w) < 0)
        ml_error_nomem(r);
    for (int k = 1; k < w.argc; k++)
        if (!lammps_extract_variable(r->lmp, w.argv[k], NULL))
            st->skip_jump = 1;
    ml_words_free(&w);
}

/* A line while scanning for a label: only label lines reach LAMMPS. */
static void scan_line(ml_run *r, script_state *st, const char *line, const char *word)
{
    if (strcmp(word, "label") != 0)
        return;
    lammps_command(r->lmp, line);
    if (st->label) {
        ml_words w;
        if (ml_words_split(line, &w) < 0)
            ml_error_nomem(r);
        st->scanning = !(w.argc == 2 && strcmp(w.argv[1], st->label) == 0);
        ml_words_free(&w);
    } else {
        st->scanning = lammps_scanning(r);
    }
}

/* One logical line. */
static void dispatch(ml_run *r, script_state *st, const char *line)
{
    char word[32] = "";
    if (sscanf(line, " %31s", word) != 1)
        word[0] = '\0'; /* a blank line */
    if (st->scanning) {
        scan_line(r, st, line, word);
    } else if (strcmp(word, "mbconnect") == 0) {
        ml_words w;
        lammps_command(r->lmp, "# mbconnect (executed by mbc-lammps)");
        if (words_of(r, line, &w) == 0)
            ml_command(r, w.argc, w.argv);
        ml_words_free(&w);
    } else if (strcmp(word, "include") == 0) {
        run_include(r, st, line);
    } else if (strcmp(word, "jump") == 0) {
        run_jump(r, st, line);
    } else if (strcmp(word, "next") == 0) {
        run_next(r, st, line);
    } else {
        if (strcmp(word, "run") == 0 || strcmp(word, "minimize") == 0 ||
            strcmp(word, "rerun") == 0) {
            ml_bridge_before_run(r);
            ml_agree(r);
        }
        lammps_command(r->lmp, line);
        if (strcmp(word, "clear") == 0)
            ml_bridge_clear(r);
        else if (strcmp(word, "comm_modify") == 0 && r->bridge)
            r->bridge->check_ghost = 1;
        else if (strcmp(word, "if") == 0 && strstr(line, "jump") && lammps_scanning(r)) {
            st->scanning = 1; /* a jump inside the if: LAMMPS scans for its label */
            free(st->label);
            st->label = NULL;
        }
    }
}

void ml_script_free(ml_run *r)
{
    script_state *st = r->reading;
    if (!st)
        return;
    free(st->label);
    st->label = NULL;
    ml_source_free(r, &st->src);
    free(st);
    r->reading = NULL;
    r->file = NULL;
}

void ml_script_run(ml_run *r, const char *path)
{
    /* on the heap: ml_exit frees it through r->reading on any exit */
    script_state *st = calloc(1, sizeof *st);
    if (!ml_all(r, st != NULL) || !st) {
        if (!st)
            ml_error_nomem(r);
        free(st);
        ml_agree(r); /* exits: a rank has an error */
        return;
    }
    r->reading = st;
    (void)ml_source_push(r, &st->src, path);
    ml_agree(r); /* on every rank: an error may be one rank's (out of memory) */
    while (st->src.depth > 0) {
        const int got = ml_source_next(r, &st->src);
        if (got < 0)
            ml_agree(r);
        if (got == 0) {
            if (st->scanning) {
                r->file = st->src.files[st->src.depth - 1].path;
                r->line = st->src.files[st->src.depth - 1].line;
                ml_error_at(r, "Label wasn't found in input script");
                ml_agree(r);
            }
            ml_source_pop(r, &st->src);
            continue;
        }
        r->file = st->src.files[st->src.depth - 1].path;
        r->line = st->src.line;
        dispatch(r, st, st->src.text);
        ml_agree(r);
    }
    ml_script_free(r);
}
