/* SPDX-License-Identifier: BSD-3-Clause */
/* The words of LAMMPS's pair_style granular and fix wall/gran granular as a
 * ContactGranular law (specs/ContactGranular.lua): a pure translator, with
 * no LAMMPS, MPI or other part of mbc-lammps, so that `mbconnect pair I J
 * granular WORDS...` takes a pair_coeff line unchanged and `mbconnect wall`
 * the arguments of fix wall/gran.
 *
 * Three steps, as LAMMPS's pair_granular.cpp takes them:
 *   ml_granular_parse     the words of one pair_coeff line (after I J), as
 *                         coeff() reads them;
 *   ml_granular_mix       the law of types I != J that no pair_coeff set,
 *                         from the laws of I I and J J (init_one's mixing,
 *                         with the corrections of docs/physics-granular.rst);
 *   ml_granular_params    the law as ContactGranular's named parameters.
 * ml_granular_parse_wall reads fix wall/gran's words after `granular`.
 *
 * Errors: MBC_ERR_VALUE with one line in err, naming the word, the rule and the value, e.g.
 *   granular: 'hertzz' is not a model or keyword (allowed: hooke, hertz, ...)
 *   granular: hertz needs 2 coefficients (k_n, damping), given 1 ('1000')
 * The caller prefixes the command and the location (LAMMPS's ERROR: form). */
#ifndef ML_GRANULAR_WORDS_H
#define ML_GRANULAR_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/error.h"

/* The type every law of these words is (the parameters' names are its). */
#define ML_GRANULAR_TYPE "ContactGranular"

/* Model numbers: ContactGranular's enumerations (normalModel, dampingModel,
 * tangentialModel, rollingModel, twistingModel). */
enum {
    ML_GRANULAR_HOOKE,
    ML_GRANULAR_HERTZ,
    ML_GRANULAR_HERTZ_MATERIAL,
    ML_GRANULAR_DMT,
    ML_GRANULAR_JKR
};
enum {
    ML_GRANULAR_VELOCITY,
    ML_GRANULAR_MASS_VELOCITY,
    ML_GRANULAR_VISCOELASTIC,
    ML_GRANULAR_TSUJI
};
enum {
    ML_GRANULAR_LINEAR_NOHISTORY,
    ML_GRANULAR_LINEAR_HISTORY,
    ML_GRANULAR_MINDLIN,
    ML_GRANULAR_MINDLIN_RESCALE,
    ML_GRANULAR_MINDLIN_FORCE,
    ML_GRANULAR_MINDLIN_RESCALE_FORCE
};
enum { ML_GRANULAR_ROLL_NONE, ML_GRANULAR_ROLL_SDS };
enum { ML_GRANULAR_TWIST_NONE, ML_GRANULAR_TWIST_SDS, ML_GRANULAR_TWIST_MARSHALL };

/* One law as the words give it (pair_coeff's, or mixed). Material models
 * keep E and nu per type: a law of types I and J has the pair (E_I, E_J)
 * (equal for a pair_coeff line). */
typedef struct ml_granular_law {
    int normal, damping, tangential, rolling, twisting;
    bool limit_damping;
    double k_n;          /* hooke, hertz */
    double damping_coef; /* eta_n0; tsuji: the restitution coefficient e */
    double e[2], nu[2];  /* material models: Young's modulus and Poisson's ratio */
    double cohesion;     /* dmt, jkr: surface energy */
    double k_t;          /* -1: NULL (8 G* from the materials); 0 for linear_nohistory */
    double x_gamma_t, mu_t;
    double roll[3];  /* k_roll, gamma_roll, mu_roll */
    double twist[3]; /* k_twist, gamma_twist, mu_twist (sds) */
    double cutoff;   /* the pair_coeff keyword cutoff; -1: none */
} ml_granular_law;

/* A number as LAMMPS's utils::numeric takes it (digits, sign, point,
 * exponent), converted whole and finite: true with *out, else false. */
bool ml_granular_number(const char *word, double *out);

/* Whether two laws are the same, member by member. */
bool ml_granular_law_equal(const ml_granular_law *a, const ml_granular_law *b);

/* The words of one pair_coeff line after I J (argv[0..argc-1]). Returns MBC_OK,
 * or MBC_ERR_VALUE with one line in err. */
mbc_status ml_granular_parse(int argc, char *const *argv, ml_granular_law *law, mbc_error *err);

/* The law of types I != J without a pair_coeff line of their own, from
 * those of I I and J J: geometric means (sqrt(x_I x_J)) of the
 * coefficients, the moduli and Poisson's ratios kept per type (E* and G*
 * mix them as Hertz theory and LAMMPS's documentation do), NULL k_t kept
 * when either type has it, limit_damping when either has it, the larger
 * cutoff. Returns MBC_ERR_VALUE with a line in err when the model forms differ (LAMMPS's rule:
 * "This combination must be set explicitly via a pair_coeff command"). */
mbc_status ml_granular_mix(const ml_granular_law *ii, const ml_granular_law *jj, int itype,
                           int jtype, ml_granular_law *ij, mbc_error *err);

/* A named parameter of the type: `count` values (1, or 2 for a Vector2D). */
typedef struct ml_granular_param {
    const char *name;
    double value[2];
    int count;
} ml_granular_param;

#define ML_GRANULAR_MAX_PARAMS 24

/* The law as ContactGranular's parameters (all but the names, markers,
 * radii, masses and time step, which the solver sets); returns their count. */
int ml_granular_params(const ml_granular_law *law, ml_granular_param *out);

/* Wall styles of fix wall/gran that mbconnect wall takes; REGION: fix
 * wall/gran/region's `region ID` (a LAMMPS region's surfaces). */
enum {
    ML_GRANULAR_XPLANE,
    ML_GRANULAR_YPLANE,
    ML_GRANULAR_ZPLANE,
    ML_GRANULAR_ZCYLINDER,
    ML_GRANULAR_REGION
};

/* A wall of fix wall/gran: style and its arguments (plane: lo, hi, NULL as
 * -inf / +inf; zcylinder: radius; region: the region's ID, a word of the
 * arguments parsed), wiggle or shear (not with a region). */
typedef struct ml_granular_wall {
    int style;
    double lo, hi;
    double cylinder_radius;
    bool wiggle, shear, contacts;
    int axis; /* 0 x, 1 y, 2 z (wiggle, shear) */
    double amplitude, period, vshear;
    const char *region; /* ML_GRANULAR_REGION: the region's ID (in argv) */
} ml_granular_wall;

/* The arguments of fix ID GROUP wall/gran granular after `granular`: the
 * model words (as pair_coeff's, which fix wall/gran shares but for the
 * cutoff keyword), then the wall style with its arguments and keywords.
 * Returns MBC_OK, or MBC_ERR_VALUE with one line in err. */
mbc_status ml_granular_parse_wall(int argc, char *const *argv, ml_granular_law *law,
                                  ml_granular_wall *wall, mbc_error *err);

/* The wall style of a word: ML_GRANULAR_XPLANE ... ML_GRANULAR_REGION, -1
 * for another word. */
int ml_granular_wall_word(const char *word);

/* The wall alone: STYLE ARGS [wiggle/shear/contacts ...] (argv[0] the
 * style), for a wall whose law is given by named parameters. Returns 0, or
 * MBC_ERR_VALUE with one line in err. */
mbc_status ml_granular_parse_wall_geometry(int argc, char *const *argv, ml_granular_wall *wall,
                                           mbc_error *err);

#endif
