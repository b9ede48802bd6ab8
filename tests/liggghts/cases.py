# SPDX-License-Identifier: BSD-3-Clause
"""The inputs of the LIGGGHTS differential suite (test_liggghts.py).

Each case is one of LIGGGHTS's public tutorials, as Debian's liggghts-doc
ships them (/usr/share/doc/liggghts/examples/LIGGGHTS/Tutorials_public),
copied at test time into a directory of the build tree with three kinds of
edit and no other: its `run` lines shortened, a text dump added before its
first thermo_modify line (every atom's id, type, position, velocity, force,
angular velocity and torque with 17 significant digits, sorted by id, every
DUMP_EVERY steps), and, for the variants, the model words and fix
property/global tables that switch on the rest of LIGGGHTS's model family.
Nothing is vendored: the tutorials are read where the package put them.
"""
import os
import re
import shutil

TUTORIALS = os.environ.get("MBC_LIGGGHTS_TUTORIALS",
                           "/usr/share/doc/liggghts/examples/LIGGGHTS/Tutorials_public")
DUMP_EVERY = 500
FIELDS = "id type x y z vx vy vz fx fy fz omegax omegay omegaz tqx tqy tqz"
FORMAT = "%d %d" + " %.17g" * 15


def dump(prefix):
    """The comparison dump, post/PREFIX.STEP.txt."""
    return (f"dump mbccmp all custom {DUMP_EVERY} post/{prefix}.*.txt {FIELDS}\n"
            f"dump_modify mbccmp sort id format \"{FORMAT}\"\n")


class Case:
    """A tutorial input, its shortened runs (regex -> replacement, each must
    match once), the variant's edits (the same), and its second input, which
    continues from the first one's restart file (insert_stream)."""

    def __init__(self, name, folder, script, runs, edits=(), second=None):
        self.name, self.folder, self.script = name, folder, script
        self.runs, self.edits, self.second = list(runs), list(edits), second

    def source(self):
        return os.path.join(TUTORIALS, self.folder)

    def available(self):
        return os.path.isfile(os.path.join(self.source(), self.script))

    def prepare(self, where):
        """The case's files in `where`: the tutorial's folder, its post/
        folder empty, in.case (and in.case2) edited."""
        if os.path.exists(where):
            shutil.rmtree(where)
        shutil.copytree(self.source(), where)
        post = os.path.join(where, "post")
        if os.path.exists(post):
            shutil.rmtree(post)
        os.makedirs(post)
        scripts = [(self.script, "in.case", self.runs + self.edits, "cmp")]
        if self.second:
            scripts.append((self.second[0], "in.case2", self.second[1] + self.edits, "cmp2"))
        for src, dst, subs, prefix in scripts:
            with open(os.path.join(self.source(), src)) as f:
                text = f.read()
            text = edit(text, subs, f"{self.name}: {src}")
            text = re.sub(r"^(thermo_modify)", dump(prefix).replace("\\", "\\\\") + r"\1", text,
                          count=1, flags=re.M)
            with open(os.path.join(where, dst), "w") as f:
                f.write(text)


def edit(text, subs, what):
    for pattern, repl in subs:
        text, n = re.subn(pattern, repl, text, flags=re.M)
        if n < 1:
            raise ValueError(f"{what}: no line matches {pattern!r}: the tutorial changed")
    return text


# fix property/global tables that the variants' models read, added after the
# friction table of the tutorial
def table(line):
    return (r"^(fix\s+m4\s+all\s+property/global\s+coefficientFriction.*)$", r"\1\n" + line)


ROLL_FRICTION = table("fix mr1 all property/global coefficientRollingFriction peratomtypepair 1 0.1")
ROLL_DAMPING = table("fix mr2 all property/global coefficientRollingViscousDamping peratomtypepair 1 0.3")
ROLL_STIFFNESS = table("fix mr3 all property/global rollingStiffness scalar 2.5")
COHESION = table("fix mc1 all property/global cohesionEnergyDensity peratomtypepair 1 20000")
VISCOUS = table("fix mv1 all property/global FluidViscosity peratomtypepair 1 0.5\n"
                "fix mv2 all property/global MaximumRestitution peratomtypepair 1 0.9\n"
                "fix mv3 all property/global CriticalStokes peratomtypepair 1 1.5")

# the runs, shortened so that the whole suite stays within a few minutes on
# two cores; each keeps contacts between the spheres and with the walls in
# most of its frames (movingMeshGran: the bucket's triangles during the
# insertion and the rotation; the streams: after the particles have fallen)
MOVING = [(r"^run\t\t8000 upto", "run 2000 upto"), (r"^run\t\t29999 upto", "run 3000 upto"),
          (r"^run\t\t30000 upto", "run 3001 upto"), (r"^run\t\t15000", "run 2000"),
          (r"^run\t\t\t25000", "run 3000")]
PACKING = [(r"^variable\tgrowts equal 50000", "variable growts equal 4000"),
           (r"^variable\trelaxts equal 20000", "variable relaxts equal 2000")]
CONVEYOR = [(r"^run\t\t\t140000 upto", "run 30000 upto")]
MESHGRAN = [(r"^run\t\t\t10000 upto", "run 4000 upto"), (r"^run\t\t\t40000 upto", "run 15000 upto")]
NEWMODELS = [(r"^run\t\t\t\t5000\s*$", "run 2000"), (r"^run\t\t\t\t50000 upto", "run 8000 upto")]
COHESIONRUN = [(r"^run\t\t\t10000", "run 3000"), (r"^run\t\t\t50000 upto", "run 16000 upto")]
STREAM = [(r"^run\t\t100000", "run 10000")]
STREAM2 = [(r"^run             50000", "run 5000")]

# the pair style's words, with a comment after them, as the tutorials write it
PAIR = r"^(pair_style\s+gran\s+model \w+ tangential history)\s*#.*$"

CASES = [
    # the tutorials: hooke, primitive planes and a moving STL mesh (move/mesh)
    Case("movingMeshGran", "movingMeshGran", "in.movingMeshGran", MOVING),
    # hertz, primitive planes, radii grown by fix adapt
    Case("packing", "packing", "in.packing", PACKING),
    # hertz, two STL meshes, one with a conveyor surface velocity; insert/stream
    Case("conveyor", "conveyor", "in.conveyor", CONVEYOR),
    # hooke, an STL hopper; insert/stream
    Case("meshGran", "meshGran", "in.meshGran", MESHGRAN),
    # hertz, planes and a cylinder
    Case("newModels", "contactModels", "in.newModels", NEWMODELS),
    Case("noCohesion", "cohesion", "in.noCohesion", COHESIONRUN),
    # hertz with sjkr between the spheres
    Case("cohesion", "cohesion", "in.cohesion", COHESIONRUN),
    # pairs only, insert/stream through a mesh face, write_restart; the second
    # input reads the restart file and goes on
    Case("insert_stream", "insert_stream", "in.insert_stream", STREAM,
         second=("in.insert_stream_reset_timestep", STREAM2)),
    # variants: the rest of the family
    # sjkr2 and cdt on the pairs and the walls (3.8's sjkr2 area on walls)
    Case("cohesion_sjkr2_cdt", "cohesion", "in.cohesion", COHESIONRUN, [
        ROLL_FRICTION,
        (r"cohesion sjkr #.*$", "cohesion sjkr2 rolling_friction cdt"),
        (r"tangential history primitive", "tangential history cohesion sjkr2 rolling_friction cdt primitive")]),
    # epsd with torsionTorque on the pairs, tangential_reduce on the walls
    Case("newModels_epsd", "contactModels", "in.newModels", NEWMODELS, [
        ROLL_FRICTION, ROLL_DAMPING, COHESION,
        (r"^pair_style gran model hertz tangential history$",
         "pair_style gran model hertz tangential history cohesion sjkr rolling_friction epsd torsionTorque on"),
        (r"tangential history primitive (.*)$",
         r"tangential history cohesion sjkr rolling_friction epsd primitive \1 tangential_reduce on")]),
    # hooke with sjkr and epsd2, ktToKnUser on the pairs; mesh walls
    Case("moving_sjkr_epsd2", "movingMeshGran", "in.movingMeshGran", MOVING, [
        ROLL_FRICTION, COHESION,
        (PAIR, r"\1 ktToKnUser on"),
        (r"model hooke tangential history", "model hooke tangential history cohesion sjkr rolling_friction epsd2")]),
    # hooke no_history and epsd3, tangential_damping off, limitForce on
    Case("moving_nohist_epsd3", "movingMeshGran", "in.movingMeshGran", MOVING, [
        ROLL_FRICTION, ROLL_DAMPING, ROLL_STIFFNESS,
        (PAIR, r"\1 tangential_damping off limitForce on"),
        (r"model hooke tangential history", "model hooke tangential no_history rolling_friction epsd3")]),
    # hertz with sjkr2 and epsd on the pairs, the planes and the moving mesh
    Case("moving_hertz_epsd", "movingMeshGran", "in.movingMeshGran", MOVING, [
        ROLL_FRICTION, ROLL_DAMPING, COHESION,
        (PAIR, r"\1"),
        (r"model hooke tangential history", "model hertz tangential history cohesion sjkr2 rolling_friction epsd")]),
    # the same with contacts kept beyond touching (contact_distance_factor)
    Case("moving_hertz_epsd_cdf", "movingMeshGran", "in.movingMeshGran", MOVING, [
        ROLL_FRICTION, ROLL_DAMPING, COHESION,
        (PAIR, r"\1"),
        (r"model hooke tangential history", "model hertz tangential history cohesion sjkr2 rolling_friction epsd"),
        (r"^neigh_modify\tdelay 0", "neigh_modify delay 0 contact_distance_factor 1.05")]),
    # viscous hooke (Stokes-number restitution) on the pairs and the walls
    Case("moving_viscous", "movingMeshGran", "in.movingMeshGran", MOVING, [
        VISCOUS,
        (PAIR, r"\1 viscous on"),
        (r"(wall/gran model hooke tangential history .*)$", r"\1 viscous on")]),
    # hertz without a tangential model, sjkr2 and limitForce; the conveyor's meshes
    Case("conveyor_off_sjkr2", "conveyor", "in.conveyor", CONVEYOR, [
        COHESION,
        (r"^pair_style gran model hertz tangential history.*$",
         "pair_style gran model hertz cohesion sjkr2 limitForce on")]),
    # hertz no_history and cdt with growing particles
    Case("packing_nohist_cdt", "packing", "in.packing", PACKING, [
        ROLL_FRICTION,
        (r"model hertz tangential history", "model hertz tangential no_history rolling_friction cdt")]),
]

BY_NAME = {c.name: c for c in CASES}
