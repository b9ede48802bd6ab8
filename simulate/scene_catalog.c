/* SPDX-License-Identifier: BSD-3-Clause */
/* The item types of scene files and their keys (scene_catalog.h). The order
 * of the keys is the order error messages list them in. */
#include "scene_catalog.h"

#include <string.h>

#define END                                                                                        \
    {                                                                                              \
        NULL, NULL                                                                                 \
    }
#define NAME                                                                                       \
    {                                                                                              \
        "name", "unique within its list; other items refer to it"                                  \
    }
#define TYPE                                                                                       \
    {                                                                                              \
        "type", "the item type"                                                                    \
    }

static const sim_key scene_keys[] = {{"gravity", "{gx, gy, gz} in m/s^2, default {0, 0, 0}"},
                                     {"solver", "solver settings (the solver table)"},
                                     {"bodies", "list of bodies, nodes and cables"},
                                     {"markers", "list of markers"},
                                     {"elements", "list of springs, constraints and loads"},
                                     {"connectors", "list of connectors (any registered type)"},
                                     {"sensors", "list of sensors"},
                                     END};

static const sim_key solver_keys[] = {
    {"method", "\"generalizedAlpha\" (default), \"newmark\" or \"RK4\""},
    {"spectralRadius", "rho_inf in [0, 1], default 0.8"},
    {"stepSize", "nominal step h in s, default 1e-3"},
    {"endTime", "end time in s, default 1 (or steps)"},
    {"steps", "number of steps of h (or endTime)"},
    {"minStepSize", "smallest step a redo may use, s, default 1e-10"},
    {"recommendedStepSize", "a connector's recommended step redoes the step, default true"},
    {"recoverySteps", "accepted steps after a redo before the step may double, default 10"},
    {"recoveryIterations",
     "the step doubles only after a step of at most this many Newton + discontinuous "
     "iterations, default 7"},
    {"newton", "Newton settings (the solver.newton table)"},
    {"discontinuous", "discontinuous iteration (the solver.discontinuous table)"},
    {"linearSolver", "\"auto\" (default), \"dense\" (LAPACKE) or \"sparse\" (KLU)"},
    {"outputStep", "interval of CSV rows in s, default every step"},
    END};

static const sim_key newton_keys[] = {
    {"tolerance", "relative update of q and v, default 1e-10"},
    {"maxIterations", "default 25"},
    {"modified", "reuse the Jacobian while Newton contracts, default true"},
    END};

static const sim_key discontinuous_keys[] = {
    {"tolerance", "largest PostNewtonStep error of any connector, default 1e-6"},
    {"maxIterations", "iterations before the step is accepted as it is, default 8"},
    END};

static const sim_key ground_keys[] = {NAME, TYPE, {"position", "{x, y, z} in m"}, END};
static const sim_key point_keys[] = {NAME,
                                     TYPE,
                                     {"mass", "kg, > 0, required"},
                                     {"position", "{x, y} or {x, y, z} in m"},
                                     {"velocity", "{vx, vy} or {vx, vy, vz} in m/s"},
                                     END};
static const sim_key rigid2_keys[] = {NAME,
                                      TYPE,
                                      {"mass", "kg, > 0, required"},
                                      {"inertia", "about z, kg m^2, > 0, required"},
                                      {"position", "{x, y} in m"},
                                      {"angle", "rad"},
                                      {"velocity", "{vx, vy} in m/s"},
                                      {"angularVelocity", "rad/s"},
                                      END};
static const sim_key rigid3_keys[] = {
    NAME,
    TYPE,
    {"mass", "kg, > 0, required"},
    {"inertia", "{J1, J2, J3} principal moments in the body frame, kg m^2, required"},
    {"position", "{x, y, z} in m"},
    {"orientation", "rotation matrix, 9 values row-major, body to global"},
    {"velocity", "{vx, vy, vz} in m/s"},
    {"angularVelocity", "{wx, wy, wz} global, rad/s"},
    END};
/* The geometry of a cable: nodes, or a straight line from/to. */
/* clang-format off */
#define CABLE_GEOMETRY                                                                  \
    NAME, TYPE,                                                                         \
    {"nodes", "{{x, y, x', y'}, ...}: positions and slopes (or from/to/elements)"},    \
    {"from", "{x, y} in m: a straight cable from here"},                                \
    {"to", "{x, y} in m: ... to here"},                                                 \
    {"elements", "... with this many elements"}
#define CABLE_LENGTHS {"lengths", "reference length of each element in m, default the chord"}
/* clang-format on */
static const sim_key cable_keys[] = {CABLE_GEOMETRY,
                                     {"massPerLength", "rhoA, kg/m, required"},
                                     {"axialStiffness", "EA, N, required"},
                                     {"bendingStiffness", "EI, N m^2"},
                                     {"axialDamping", "N s"},
                                     {"bendingDamping", "N m^2 s"},
                                     CABLE_LENGTHS,
                                     {"velocities", "{vx, vy}: uniform initial velocity in m/s"},
                                     END};
static const sim_key prescribed_cable_keys[] = {CABLE_GEOMETRY, CABLE_LENGTHS, END};
static const sim_key ale_keys[] = {NAME,
                                   TYPE,
                                   {"coordinate", "initial s in m"},
                                   {"velocity", "initial ds/dt in m/s"},
                                   {"mass", "kg, >= 0 (0: held by a joint)"},
                                   END};

static const sim_key body_marker_keys[] = {
    NAME, TYPE, {"body", "the body or cable"}, {"node", "cable node, from 0"}, END};
static const sim_key coordinate_marker_keys[] = {NAME,
                                                 TYPE,
                                                 {"body", "the body or cable"},
                                                 {"node", "cable node, from 0"},
                                                 {"coordinate", "coordinate index, from 0"},
                                                 END};
static const sim_key shape_marker_keys[] = {NAME,
                                            TYPE,
                                            {"cable", "the cable"},
                                            {"element", "element index, from 0"},
                                            {"segments", "contact segments, 1 to 1000, default 8"},
                                            {"verticalOffset", "m"},
                                            END};
static const sim_key cable_coordinates_keys[] = {
    NAME, TYPE, {"cable", "a Cable2DPrescribed cable"}, {"element", "element index, from 0"}, END};

static const sim_key spring_keys[] = {
    NAME,
    TYPE,
    {"markers", "{\"A\", \"B\"}: position markers"},
    {"stiffness", "k in N/m"},
    {"damping", "d in N s/m"},
    {"referenceLength", "L0 in m"},
    {"force", "function(t, length, lengthRate) returning the tension in N"},
    END};
static const sim_key coordinate_spring_keys[] = {
    NAME,
    TYPE,
    {"markers", "{\"A\"} or {\"A\", \"B\"}: coordinate markers"},
    {"stiffness", "k"},
    {"damping", "d"},
    {"offset", "of qA - qB"},
    END};
static const sim_key constraint_keys[] = {
    NAME,
    TYPE,
    {"markers", "{\"A\"} or {\"A\", \"B\"}: coordinate markers"},
    {"factor", "qA - factor qB - offset(t) = 0, default 1"},
    {"offset", "a number or function(t)"},
    END};
static const sim_key load_keys[] = {
    NAME,
    TYPE,
    {"marker", "a Position or Rigid marker"},
    {"value", "{x, y, z} global (N or N m) or function(t) returning x, y, z"},
    END};

static const sim_key body_sensor_keys[] = {
    NAME,
    TYPE,
    {"body", "the body or cable"},
    {"node", "cable node, from 0"},
    {"quantity", "position (m), velocity (m/s), angularVelocity (rad/s), orientation, coordinates, "
                 "velocities"},
    END};
static const sim_key connector_sensor_keys[] = {
    NAME,
    TYPE,
    {"connector", "the connector"},
    {"output", "an output variable of its type (mbc describe TYPE)"},
    END};
static const sim_key element_sensor_keys[] = {
    NAME, TYPE, {"element", "a spring-damper, coordinate spring or constraint"}, END};
static const sim_key energy_sensor_keys[] = {NAME, TYPE, END};

static const sim_key connector_keys[] = {
    NAME,
    TYPE,
    {"markers", "{\"m0\", \"m1\"}: markers of the kinds the type needs"},
    {"aleNode", "an ALENode body (types with a Cable2DCoordinates marker)"},
    END};

static const sim_item_type types[] = {
    {"scene", "scene", "the table a scene file returns", scene_keys},
    {"solver", "solver", "time integration settings", solver_keys},
    {"solver", "newton", "solver.newton: Newton iteration", newton_keys},
    {"solver", "discontinuous", "solver.discontinuous: PostNewtonStep iteration",
     discontinuous_keys},
    {"bodies", "Ground", "a fixed point with the identity orientation", ground_keys},
    {"bodies", "MassPoint2D", "a point mass in the plane, q = (x, y)", point_keys},
    {"bodies", "MassPoint3D", "a point mass, q = (x, y, z)", point_keys},
    {"bodies", "RigidBody2D", "a planar rigid body, q = (x, y, phi)", rigid2_keys},
    {"bodies", "RigidBody3D", "a rigid body, q = (x, y, z, rotation increment)", rigid3_keys},
    {"bodies", "Cable2D", "a dynamic ANCF Cable2D cable, nodes (x, y, x', y')", cable_keys},
    {"bodies", "Cable2DPrescribed", "ANCF Cable2D elements fixed in space", prescribed_cable_keys},
    {"bodies", "ALENode", "an ALE coordinate s", ale_keys},
    {"markers", "Position", "the reference point of a body or cable node", body_marker_keys},
    {"markers", "Rigid", "position and orientation of a body or cable node", body_marker_keys},
    {"markers", "Coordinate", "one coordinate of a body or node", coordinate_marker_keys},
    {"markers", "CableShape", "the points of contact segments along a cable element",
     shape_marker_keys},
    {"markers", "CableCoordinates", "the coordinates of a prescribed cable element (ALE)",
     cable_coordinates_keys},
    {"elements", "SpringDamper", "T = k (L - L0) + d L_t between two markers", spring_keys},
    {"elements", "CoordinateSpringDamper", "k (qA - qB - offset) + d (vA - vB) on coordinates",
     coordinate_spring_keys},
    {"elements", "CoordinateConstraint", "qA - factor qB - offset(t) = 0, Lagrange multiplier",
     constraint_keys},
    {"elements", "Force", "a force on a marker", load_keys},
    {"elements", "Torque", "a torque on a rigid body or cable node marker", load_keys},
    {"sensors", "Body", "a quantity of a body or cable node", body_sensor_keys},
    {"sensors", "Connector", "an output variable of a connector", connector_sensor_keys},
    {"sensors", "Element", "the force of a spring or the multiplier of a constraint (N)",
     element_sensor_keys},
    {"sensors", "Energy", "kinetic + potential energy (J)", energy_sensor_keys},
};

const sim_item_type *sim_item_types(size_t *count)
{
    *count = sizeof types / sizeof *types;
    return types;
}

const sim_item_type *sim_item_type_find(const char *list, const char *type)
{
    for (size_t i = 0; i < sizeof types / sizeof *types; ++i)
        if (strcmp(types[i].list, list) == 0 && strcmp(types[i].type, type) == 0)
            return &types[i];
    return NULL;
}

void sim_item_type_names(const char *list, char *buf, size_t size)
{
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof types / sizeof *types; ++i) {
        if (strcmp(types[i].list, list) == 0) {
            strncat(buf, buf[0] ? ", " : "", size - strlen(buf) - 1);
            strncat(buf, types[i].type, size - strlen(buf) - 1);
        }
    }
}

const sim_key *sim_connector_keys(void)
{
    return connector_keys;
}
