/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc simulate --plot FILE`: every sensor against time with gnuplot, one
 * panel per sensor, axis labels with units from the sensor definitions,
 * components named (x, y, z, the body's coordinates, the output's own
 * components), legends outside the curves, at most about six ticks per
 * axis. The format follows the extension: .png, .svg or .pdf. */
#ifndef SIM_PLOT_H
#define SIM_PLOT_H

#include "run.h"

typedef enum sim_plot_format { SIM_PLOT_PNG, SIM_PLOT_SVG, SIM_PLOT_PDF } sim_plot_format;

/* The format of path from its extension (case-insensitive); MBC_ERR_VALUE
 * with "--plot PATH: ..." for any other. */
mbc_status sim_plot_format_of(const char *path, sim_plot_format *out, mbc_error *err);

/* Range of every sensor's values over the rows written (for the ticks). */
typedef struct sim_plot_ranges {
    double *lo, *hi; /* per sensor */
    double t_end;
} sim_plot_ranges;

mbc_status sim_plot_ranges_init(sim_plot_ranges *p, const sim_model *m, mbc_error *err);
void sim_plot_ranges_free(sim_plot_ranges *p);
/* Adds the current sample of every sensor. */
void sim_plot_ranges_add(sim_plot_ranges *p, const sim_run *r);

/* Component k of sensor i: its name ("x", "phi", "t0") and unit ("m",
 * "rad/s", "" when the type does not say). */
void sim_sensor_component(const sim_model *m, int i, int k, char *name, size_t name_size,
                          const char **unit);

/* Draws the CSV csv (written by sim_csv_header/sim_csv_row) into path. */
mbc_status sim_plot(const sim_model *m, const sim_plot_ranges *ranges, const char *csv,
                    const char *path, sim_plot_format format, mbc_error *err);

#endif
