/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc simulate --plot FILE` (plot.h). */
#define _POSIX_C_SOURCE 200809L /* popen, pclose */
#include "plot.h"

#include "output.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

mbc_status sim_plot_format_of(const char *path, sim_plot_format *out, mbc_error *err)
{
    for (const char *p = path; *p; ++p) {
        if (iscntrl((unsigned char)*p)) {
            return mbc_fail(err, MBC_ERR_VALUE,
                            "--plot: the file name holds a control character (a newline?)");
        }
    }
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (dot != NULL && (slash == NULL || dot > slash)) {
        static const char *const ext[] = {".png", ".svg", ".pdf"};
        for (int i = 0; i < 3; ++i) {
            if (strcasecmp(dot, ext[i]) == 0) {
                *out = (sim_plot_format)i;
                return MBC_OK;
            }
        }
    }
    return mbc_fail(err, MBC_ERR_VALUE,
                    "--plot %s: unknown format '%s' (the extension chooses it: .png, .svg or .pdf)",
                    path, dot != NULL && (slash == NULL || dot > slash) ? dot : "no extension");
}

/* ------------------------------------------------------------------------ */
/* ranges                                                                   */

mbc_status sim_plot_ranges_init(sim_plot_ranges *p, const sim_model *m, mbc_error *err)
{
    p->lo = malloc(((size_t)m->sensor_count + 1) * sizeof *p->lo);
    p->hi = malloc(((size_t)m->sensor_count + 1) * sizeof *p->hi);
    p->t_end = 0.0;
    if (p->lo == NULL || p->hi == NULL) {
        sim_plot_ranges_free(p);
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", m->scene_name);
    }
    for (int i = 0; i < m->sensor_count; ++i) {
        p->lo[i] = INFINITY;
        p->hi[i] = -INFINITY;
    }
    return MBC_OK;
}

void sim_plot_ranges_free(sim_plot_ranges *p)
{
    free(p->lo);
    free(p->hi);
    p->lo = p->hi = NULL;
}

void sim_plot_ranges_add(sim_plot_ranges *p, const sim_run *r)
{
    for (int i = 0; i < r->model->sensor_count; ++i) {
        const double *v = sim_sensor_values(r, i);
        for (int k = 0; k < r->model->sensors[i].size; ++k) {
            p->lo[i] = fmin(p->lo[i], v[k]);
            p->hi[i] = fmax(p->hi[i], v[k]);
        }
    }
    p->t_end = r->state.t;
}

/* ------------------------------------------------------------------------ */
/* names and units                                                          */

/* Coordinates of a body kind: names and units (velocities: unit "/s"). */
static void body_coordinate(sim_body_kind kind, int k, const char **name, const char **unit,
                            int rate)
{
    static const char *const xyz[] = {"x", "y", "z"};
    static const char *const rigid3[] = {"x", "y", "z", "theta_x", "theta_y", "theta_z"};
    static const char *const cable[] = {"x", "y", "x'", "y'"};
    switch (kind) {
    case SIM_RIGID_2D:
        *name = k < 2 ? xyz[k] : "phi";
        *unit = k < 2 ? (rate ? "m/s" : "m") : (rate ? "rad/s" : "rad");
        return;
    case SIM_RIGID_3D:
        *name = rigid3[k];
        *unit = k < 3 ? (rate ? "m/s" : "m") : (rate ? "rad/s" : "rad");
        return;
    case SIM_CABLE_NODE:
        *name = cable[k];
        *unit = k < 2 ? (rate ? "m/s" : "m") : (rate ? "1/s" : "-");
        return;
    case SIM_ALE_NODE:
        *name = "s";
        *unit = rate ? "m/s" : "m";
        return;
    default:
        *name = xyz[k];
        *unit = rate ? "m/s" : "m";
        return;
    }
}

/* Unit of a connector output variable by its name (the output variable
 * types of the connector specs). */
static const char *output_unit(const char *name)
{
    static const char *const units[][2] = {
        {"Position", "m"},           {"Displacement", "m"},      {"DisplacementLocal", "m"},
        {"Velocity", "m/s"},         {"VelocityLocal", "m/s"},   {"Force", "N"},
        {"ForceLocal", "N"},         {"Torque", "N m"},          {"TorqueLocal", "N m"},
        {"Director3", "-"},          {"SlidingCoordinate", "m"}, {"Coordinates_t", "m/s"},
        {"AngularVelocity", "rad/s"}};
    for (size_t i = 0; i < sizeof units / sizeof *units; ++i)
        if (strcmp(units[i][0], name) == 0)
            return units[i][1];
    /* the energy books (docs/spec-language.rst) */
    if (strcmp(name, "StoredEnergy") == 0)
        return "J";
    if (strcmp(name, "DissipatedPower") == 0 || strcmp(name, "DissipatedPowerParts") == 0)
        return "W";
    return "";
}

static void connector_component(const sim_model *m, const sim_sensor *s, int k, char *name,
                                size_t size, const char **unit)
{
    const mbc_type_info *t = m->connectors[s->target].object->type;
    const char *out = t->outputs[s->output].name;
    *unit = output_unit(out);
    if (s->size == 3) {
        snprintf(name, size, "%c", "xyz"[k]);
    } else if (t->outputs[s->output].per >= 0 && t->outputs[s->output].factor == 2) {
        /* per-segment pairs: tangential and normal (t0, n0, t1, n1, ...) */
        snprintf(name, size, "%c%d", k % 2 ? 'n' : 't', k / 2);
    } else if (s->size == 2 && strcmp(out, "Coordinates") == 0) {
        snprintf(name, size, "%s", k == 0 ? "index" : "s");
        *unit = k == 0 ? "-" : "m";
    } else if (s->size == 1) {
        snprintf(name, size, "%s", out);
    } else {
        snprintf(name, size, "%s[%d]", out, k);
    }
    if (strcmp(out, "Coordinates") == 0 && s->size != 2)
        *unit = "m";
}

/* An element's force: a tension (N), or the generalized force on its first
 * coordinate (N on a length, N m on an angle or a slope). */
static void element_component(const sim_model *m, const sim_element *el, const char **name,
                              const char **unit)
{
    *name = el->kind == SIM_SPRING_DAMPER           ? "tension"
            : el->kind == SIM_COORDINATE_CONSTRAINT ? "lambda"
                                                    : "force";
    *unit = "N";
    if (el->kind != SIM_SPRING_DAMPER) {
        const sim_marker *mk = &m->markers[el->marker[0]];
        const char *coordinate, *length;
        body_coordinate(m->bodies[mk->body].kind, mk->coordinate, &coordinate, &length, 0);
        *unit = strcmp(length, "m") == 0 ? "N" : "N m";
    }
}

void sim_sensor_component(const sim_model *m, int i, int k, char *name, size_t name_size,
                          const char **unit)
{
    const sim_sensor *s = &m->sensors[i];
    const char *nm = "";
    *unit = "";
    switch (s->kind) {
    case SIM_SENSOR_BODY: {
        static const char *const xyz[] = {"x", "y", "z"};
        static const char *const units[] = {"m", "m/s", "", "", "rad/s", "-"};
        *unit = units[s->quantity];
        if (s->quantity == SIM_Q_ORIENTATION) {
            snprintf(name, name_size, "A%d%d", k / 3 + 1, k % 3 + 1);
            return;
        }
        if (s->quantity == SIM_Q_COORDINATES || s->quantity == SIM_Q_VELOCITIES) {
            body_coordinate(m->bodies[s->target].kind, k, &nm, unit,
                            s->quantity == SIM_Q_VELOCITIES);
        } else {
            nm = xyz[k];
        }
        break;
    }
    case SIM_SENSOR_CONNECTOR:
        connector_component(m, s, k, name, name_size, unit);
        return;
    case SIM_SENSOR_ELEMENT:
        element_component(m, &m->elements[s->target], &nm, unit);
        break;
    case SIM_SENSOR_ENERGY:
        nm = "energy";
        *unit = "J";
        break;
    }
    snprintf(name, name_size, "%s", nm);
}

/* ------------------------------------------------------------------------ */
/* the gnuplot script                                                       */

/* A gnuplot single-quoted string ('' is a quote). */
static void gp_string(FILE *g, const char *s)
{
    fputc('\'', g);
    for (; *s; ++s) {
        if (*s == '\'')
            fputc('\'', g);
        fputc(*s, g);
    }
    fputc('\'', g);
}

/* A tick interval of 1, 2, 2.5 or 5 times a power of ten giving at most
 * about six ticks over range; 0 when range is not positive. */
static double tick_step(double range)
{
    if (!(range > 0.0) || !isfinite(range))
        return 0.0;
    const double raw = range / 5.0, mag = pow(10.0, floor(log10(raw)));
    static const double factors[] = {1.0, 2.0, 2.5, 5.0, 10.0};
    for (int i = 0; i < 5; ++i)
        if (factors[i] * mag >= raw)
            return factors[i] * mag;
    return 10.0 * mag;
}

/* "[m]", or "[m, rad]" when the components differ; "" with no unit. */
static void axis_unit(const sim_model *m, int i, char *buf, size_t size)
{
    const char *units[8];
    int count = 0;
    for (int k = 0; k < m->sensors[i].size; ++k) {
        char name[64];
        const char *unit;
        sim_sensor_component(m, i, k, name, sizeof name, &unit);
        int seen = unit[0] == '\0';
        for (int j = 0; j < count && !seen; ++j)
            seen = strcmp(units[j], unit) == 0;
        if (!seen && count < 8)
            units[count++] = unit;
    }
    buf[0] = '\0';
    for (int j = 0; j < count; ++j) {
        strncat(buf, j ? ", " : " [", size - strlen(buf) - 1);
        strncat(buf, units[j], size - strlen(buf) - 1);
    }
    if (count > 0)
        strncat(buf, "]", size - strlen(buf) - 1);
}

static void plot_panel(FILE *g, const sim_model *m, const sim_plot_ranges *ranges, int i,
                       const char *csv, int col)
{
    const sim_sensor *s = &m->sensors[i];
    char unit[100];
    axis_unit(m, i, unit, sizeof unit);
    fputs("set ylabel ", g);
    char label[200];
    snprintf(label, sizeof label, "%s%s", s->name, unit);
    gp_string(g, label);
    const double step = tick_step(ranges->hi[i] - ranges->lo[i]);
    if (step > 0.0)
        fprintf(g, "\nset ytics %.17g\n", step);
    else
        fputs("\nset ytics autofreq\n", g);
    fputs("plot ", g);
    for (int k = 0; k < s->size; ++k) {
        char name[64];
        const char *u;
        sim_sensor_component(m, i, k, name, sizeof name, &u);
        fputs(k ? ", " : "", g);
        gp_string(g, csv);
        fprintf(g, " using 1:%d with lines lw 1.5 title ", col + k);
        gp_string(g, name);
    }
    fputc('\n', g);
}

static void plot_script(FILE *g, const sim_model *m, const sim_plot_ranges *ranges, const char *csv,
                        const char *out, sim_plot_format format)
{
    const int panels = m->sensor_count > 0 ? m->sensor_count : 1;
    if (format == SIM_PLOT_PDF) {
        fprintf(g, "set terminal pdfcairo size 8in,%.2fin noenhanced font ',9'\n", 2.6 * panels);
    } else {
        fprintf(g, "set terminal %s size 1000,%d noenhanced font ',11'\n",
                format == SIM_PLOT_SVG ? "svg" : "pngcairo", 280 * panels);
    }
    fputs("set output ", g);
    gp_string(g, out);
    fputs("\nset datafile separator ','\nset grid\nset key outside right top vertical\n"
          "set xlabel 'time [s]'\nset format y '%g'\nset lmargin 12\nset rmargin 16\n",
          g);
    const double xstep = tick_step(ranges->t_end);
    if (xstep > 0.0)
        fprintf(g, "set xtics %.17g\nset xrange [0:%.17g]\n", xstep, ranges->t_end);
    fprintf(g, "set multiplot layout %d,1\n", panels);
    int col = 2;
    for (int i = 0; i < m->sensor_count; ++i) {
        plot_panel(g, m, ranges, i, csv, col);
        col += m->sensors[i].size;
    }
    fputs("unset multiplot\nset output\n", g);
}

static long file_size(const char *path)
{
    FILE *f = fopen(path, "rb");
    long size = 0;
    if (f != NULL) {
        if (fseek(f, 0, SEEK_END) == 0)
            size = ftell(f);
        fclose(f);
    }
    return size;
}

mbc_status sim_plot(const sim_model *m, const sim_plot_ranges *ranges, const char *csv,
                    const char *path, sim_plot_format format, mbc_error *err)
{
    sim_out_file o;
    mbc_status st = sim_out_open(&o, path, err);
    if (st != MBC_OK)
        return st;
    fclose(o.f);
    o.f = NULL;
    const char *target = o.direct ? path : o.tmp; /* gnuplot writes it */
    /* gnuplot is the plotting program (a fixed command line, no user input) */
    FILE *g = popen("gnuplot 2>/dev/null", "w"); /* NOLINT(cert-env33-c) */
    int ok = 0;
    if (g != NULL) {
        plot_script(g, m, ranges, csv, target, format);
        ok = pclose(g) == 0;
    }
    sim_signals_block(1);
    if (!o.direct) {
        ok = ok && file_size(o.tmp) > 0 && rename(o.tmp, path) == 0;
        if (!ok)
            remove(o.tmp);
    }
    sim_signals_forget(o.slot);
    sim_signals_block(0);
    if (g == NULL) {
        return mbc_fail(err, MBC_ERR_IO,
                        "--plot: cannot run gnuplot (apt-get install -y gnuplot-nox)");
    }
    if (!ok) {
        return mbc_fail(err, MBC_ERR_IO, "--plot %s: gnuplot failed (is gnuplot-nox installed?)",
                        path);
    }
    return MBC_OK;
}
