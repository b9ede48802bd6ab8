#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The command-line convention of mbc and mbcgen (docs/mbc.rst):

  test_cli_convention.py MBC MBCGEN

* every command and subcommand answers --help and -h with its usage on
  stdout, nothing on stderr, status 0; `mbc help COMMAND` prints the same
  text as `mbc COMMAND --help`;
* a usage error is one line on stderr, nothing on stdout, status 2, and
  says what was wrong and where options belong (the exact lines below);
* output that cannot be written (a full disk) is one line on stderr and
  status 2 (mbc simulate: 1), never status 0;
* mbcgen accepts -jN as well as -j N and --jobs N, with the same output.
"""
import os
import shutil
import subprocess
import sys
import tempfile

mbc, mbcgen = sys.argv[1:3]
failures = []


def run(*args):
    p = subprocess.run(list(args), capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def show(args):
    return " ".join(os.path.basename(a) if i == 0 else a for i, a in enumerate(args))


def expect_help(args, starts):
    rc, out, err = run(*args)
    if rc != 0 or err or not out.startswith(starts):
        failures.append("%s: status %d, stdout %r, stderr %r (want usage %r on stdout, status 0)"
                        % (show(args), rc, out[:60], err[:200], starts))
    return out


def expect_usage_error(args, line):
    rc, out, err = run(*args)
    if rc != 2 or out or err != line + "\n":
        failures.append("%s: status %d, stdout %r, stderr %r\n  want status 2 and %r"
                        % (show(args), rc, out[:60], err, line))


# --help, -h and `help COMMAND` for every command
main_usage = expect_help([mbc, "--help"], "Usage: mbc ")
if expect_help([mbc, "-h"], "Usage: mbc ") != main_usage:
    failures.append("mbc -h differs from mbc --help")
if expect_help([mbc, "help"], "Usage: mbc ") != main_usage:
    failures.append("mbc help differs from mbc --help")
for command, starts in [("list", "Usage: mbc [--plugin PLUGIN]... list"),
                        ("describe", "Usage: mbc [--plugin PLUGIN]... describe"),
                        ("eval", "Usage: mbc [--plugin PLUGIN]... eval"),
                        ("help", "Usage: mbc help"),
                        ("simulate", "usage: mbc simulate")]:
    texts = [expect_help([mbc, command, opt], starts) for opt in ("--help", "-h")]
    texts.append(expect_help([mbc, "help", command], starts))
    if len(set(texts)) != 1:
        failures.append("mbc %s: --help, -h and `mbc help %s` differ" % (command, command))
    if command not in main_usage:
        failures.append("mbc --help does not list the command %s" % command)
expect_help([mbc, "describe", "--json", "--help"], "Usage: mbc [--plugin PLUGIN]... describe")
expect_help([mbcgen, "--help"], "Usage: mbcgen ")
expect_help([mbcgen, "-h"], "Usage: mbcgen ")
for opt in ("--new-type", "--new-project", "--print-names", "--check", "--compat"):
    expect_help([mbcgen, opt, "--help"], "Usage: mbcgen ")

# usage errors: one line that says what was wrong and where options belong
C = "commands: list, describe, eval, simulate, help"
for args, line in [
    ([], "mbc: no command given (%s; mbc --help shows the usage)" % C),
    (["frob"], "mbc: unknown command 'frob' (%s; mbc --help shows the usage)" % C),
    (["--frob", "list"], "mbc: unknown option '--frob' (before the command: --plugin PLUGIN, "
     "--help, --version; mbc --help shows the usage)"),
    (["--plugin"], "mbc: --plugin needs a plugin (a file or a name, a shared library built as an mbc plugin)"),
    (["list", "--plugin", "X.so"],
     "mbc list: --plugin goes before the command: mbc --plugin PLUGIN list ..."),
    (["describe", "--plugin", "X.so", "T"],
     "mbc describe: --plugin goes before the command: mbc --plugin PLUGIN describe ..."),
    (["eval", "case.lua", "--plugin", "X.so"],
     "mbc eval: --plugin goes before the command: mbc --plugin PLUGIN eval ..."),
    (["simulate", "scene.lua", "--plugin", "X.so"],
     "mbc simulate: --plugin goes before the command: mbc --plugin PLUGIN simulate ..."),
    (["list", "extra"],
     "mbc list: unexpected argument 'extra' (it takes no arguments; mbc list --help shows the usage)"),
    (["list", "--yaml"], "mbc list: unknown option '--yaml' (mbc list --help shows the usage)"),
    (["describe"], "mbc describe: needs a type name (mbc list shows the types; "
     "mbc describe --help shows the usage)"),
    (["describe", "--json"], "mbc describe: needs a type name (mbc list shows the types; "
     "mbc describe --help shows the usage)"),
    (["describe", "A", "B"], "mbc describe: unexpected argument 'B' (it takes only a type name; "
     "mbc describe --help shows the usage)"),
    (["eval"], "mbc eval: needs a case file (examples/cases has some; "
     "mbc eval --help shows the usage)"),
    (["eval", "--json", "x.lua"], "mbc eval: unknown option '--json' (mbc eval --help shows the usage)"),
    (["help", "nope"], "mbc help: unknown command 'nope' (%s)" % C),
]:
    expect_usage_error([mbc, *args], line)

# an unknown type is an input error: one line, status 2
rc, out, err = run(mbc, "describe", "NoSuchType")
if rc != 2 or out or not err.startswith("mbc: unknown connector type 'NoSuchType' (known: "):
    failures.append("mbc describe NoSuchType: status %d, %r" % (rc, err))
# a typo gets the closest type, and the line names --plugin for a plugin's
# type with the plugin search path: MBC_PLUGIN_PATH's directories, then the
# installed plugin directory
os.environ["MBC_PLUGIN_PATH"] = "/opt/plugins-a:/opt/plugins-b"
rc, out, err = run(mbc, "describe", "ContactGranularr")
del os.environ["MBC_PLUGIN_PATH"]
if (rc != 2 or out or not err.startswith(
        "mbc: unknown connector type 'ContactGranularr' (did you mean 'ContactGranular'?) (known: ")
        or "; a type from a plugin needs --plugin PLUGIN (plugin search path: "
           "/opt/plugins-a:/opt/plugins-b:/" not in err
        or not err.endswith("/mbconnect/plugins)\n")
        or err.count("\n") != 1):
    failures.append("mbc describe ContactGranularr: status %d, %r" % (rc, err))

# output that cannot be written (a full disk: /dev/full) is one line on
# stderr and a failure, never status 0 with the output lost
if os.path.exists("/dev/full"):
    full_disk = "mbc: cannot write to standard output (No space left on device)\n"
    for args, status, line in [
            (["list"], 2, full_disk),
            (["list", "--json"], 2, full_disk),
            (["describe", "ContactSphereSphere"], 2, full_disk),
            (["--version"], 2, full_disk),
            (["help", "list"], 2, full_disk),
            (["eval", "examples/cases/sphere_sphere_static.lua"], 2,
             "examples/cases/sphere_sphere_static.lua: cannot write the result to standard "
             "output\n"),
            (["simulate", "--list"], 1, "mbc simulate --list: cannot write to standard output\n")]:
        with open("/dev/full", "w") as full:
            p = subprocess.run([mbc, *args], stdout=full, stderr=subprocess.PIPE, text=True)
        if p.returncode != status or p.stderr != line:
            failures.append("mbc %s > /dev/full: status %d, stderr %r\n  want status %d and %r"
                            % (" ".join(args), p.returncode, p.stderr, status, line))
    with open("/dev/full", "w") as full:
        p = subprocess.run([mbc, "describe", "--json", "ContactSphereSphere"], stdout=full,
                           stderr=subprocess.PIPE, text=True)
    if p.returncode != 2 or not p.stderr.startswith("mbc: cannot write to standard output (") \
            or p.stderr.count("\n") != 1:
        failures.append("mbc describe --json > /dev/full: status %d, stderr %r"
                        % (p.returncode, p.stderr))

# mbcgen: -jN, -j N and --jobs N give the same files and messages
rc, out, err = run(mbcgen, "--bogus")
if rc != 2 or out or not err.startswith("mbcgen: unknown argument '--bogus'"):
    failures.append("mbcgen --bogus: status %d, stdout %r, stderr %r" % (rc, out, err))
expect_usage_error([mbcgen, "--new-type", "ConnectorFoo", "--pair"],
                   "mbcgen: --pair goes with --new-project DIR NAME (a project of its own that "
                   "mbc-lammps runs), not with --new-type")
expect_usage_error([mbcgen, "--new-project", "dir", "ConnectorFoo", "--pairs"],
                   "mbcgen: --new-project needs a directory and a type name, and then --pair, "
                   "--pair --history or nothing, e.g. --new-project ../bar ConnectorBar")
expect_usage_error([mbcgen, "--new-project", "dir", "ContactFoo", "--history"],
                   "mbcgen: --new-project needs a directory and a type name, and then --pair, "
                   "--pair --history or nothing, e.g. --new-project ../bar ConnectorBar")
expect_usage_error([mbcgen, "-j0", "--specs", "specs", "--rst-out", "x"],
                   "mbcgen: --jobs must be a whole number from 1 to 64 (given '0')")
expect_usage_error([mbcgen, "-jx", "--specs", "specs", "--rst-out", "x"],
                   "mbcgen: --jobs must be a whole number from 1 to 64 (given 'x')")
tmp = tempfile.mkdtemp(prefix="mbc-cli-")
try:
    trees = []
    for jobs in (["-j1"], ["-j4"], ["-j", "2"], ["--jobs", "3"]):
        out_dir = os.path.join(tmp, "_".join(jobs))
        rc, out, err = run(mbcgen, *jobs, "--specs", "specs", "--rst-out", out_dir)
        if rc != 0 or err:
            failures.append("mbcgen %s: status %d, %r" % (" ".join(jobs), rc, err))
            continue
        trees.append({f: open(os.path.join(out_dir, f), "rb").read() for f in sorted(os.listdir(out_dir))})
    if len(trees) != 4 or any(t != trees[0] for t in trees) or not trees[0]:
        failures.append("mbcgen -j1, -j4, -j 2, --jobs 3: different or missing outputs")
finally:
    shutil.rmtree(tmp)

for f in failures:
    print(f)
print("%d failures" % len(failures))
sys.exit(1 if failures else 0)
