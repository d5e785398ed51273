#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""What MLIR actions cost a supervised, dumping irscope-opt run, in instructions.

The bar of issue #33: the action trail and the rewrite counts move run.py's
instrumented ratio by <= 0.02. Wall time on these machines is too noisy for
a difference of 2 %, instruction counts are not: each command runs under
callgrind with its children (`--trace-children=yes`), every process dumping
its counts before it forks (`--dump-before=fork`) so that a forked dump
printer's file holds only what it ran after the fork, and the parts of every
file are summed. Three commands on run.py's pipeline: upstream mlir-opt,
irscope-opt instrumented as run.py runs it, and the same with
IRSCOPE_NO_ACTIONS=1 (no action handler). The actions are counted by
mlir-opt's own `--log-actions-to`.

    python3 bench/actioncost.py          # 15k lines, ~3 min (load does not matter)
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run import PIPELINE  # noqa: E402  (the pipeline the bar is judged on)

SUMMARY = re.compile(rb"^(?:summary|totals): (\d+)", re.M)


def callgrind_ir(cmd, outdir, env=None):
    """Instructions of `cmd` and its process tree, each fork counted once."""
    shutil.rmtree(outdir, ignore_errors=True)
    os.makedirs(outdir)
    vg = ["valgrind", "--tool=callgrind", "--trace-children=yes",
          "--dump-before=fork",
          "--callgrind-out-file=" + os.path.join(outdir, "cg.%p")]
    r = subprocess.run(vg + cmd, env=env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.stderr.write(r.stderr.decode(errors="replace")[-2000:])
        raise SystemExit("failed (%d): %s" % (r.returncode, " ".join(cmd)))
    total, files = 0, 0
    for path in glob.glob(os.path.join(outdir, "cg.*")):
        with open(path, "rb") as f:
            m = SUMMARY.search(f.read())
        if m:  # a file's "summary:" (or "totals:") line holds its part
            total += int(m.group(1))
            files += 1
    return total, files


def count_actions(mopt, mod, work):
    log = os.path.join(work, "actions.log")
    subprocess.run([mopt, "--pass-pipeline=" + PIPELINE, mod, "-o",
                    os.devnull, "--log-actions-to=" + log], check=True,
                   stderr=subprocess.DEVNULL)
    with open(log, "rb") as f:
        return sum(1 for line in f if b"] begins " in line)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--lines", type=int, default=15000)
    ap.add_argument("--keep", help="keep the callgrind files under this directory")
    args = ap.parse_args()
    irs = os.path.join(args.build, "bin", "irscope-opt")
    work = args.keep or tempfile.mkdtemp(prefix="irscope-actioncost-")
    os.makedirs(work, exist_ok=True)
    try:
        mod = os.path.join(work, "bench.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"),
                        "--lines", str(args.lines), "-o", mod], check=True)
        dumps = os.path.join(work, "dumps")
        base = ["--pass-pipeline=" + PIPELINE, mod, "-o", os.devnull]
        instr = [irs] + base + ["--dump-after-each=" + dumps, "--dump-overwrite",
                                "--verify-each", "--timing"]
        off = dict(os.environ, IRSCOPE_NO_ACTIONS="1")
        actions = count_actions(args.mlir_opt, mod, work)
        ir = {}
        for name, cmd, env in (("mlir-opt", [args.mlir_opt] + base, None),
                               ("instrumented", instr, None),
                               ("no-actions", instr, off)):
            shutil.rmtree(dumps, ignore_errors=True)
            ir[name], files = callgrind_ir(cmd, os.path.join(work, name), env)
            print("  %-13s %14d Ir (%d callgrind files)" % (name, ir[name], files))
        ref = ir["mlir-opt"]
        with_a, without = ir["instrumented"] / ref, ir["no-actions"] / ref
        print("module: %s lines, %d actions (mlir-opt --log-actions-to)"
              % (args.lines, actions))
        print("instrumented / mlir-opt              = %.3f" % with_a)
        print("IRSCOPE_NO_ACTIONS=1 / mlir-opt      = %.3f" % without)
        print("actions move the ratio by            = %.4f  (<= 0.02)"
              % (with_a - without))
        print("Ir per action (handler and all)      = %.0f"
              % ((ir["instrumented"] - ir["no-actions"]) / max(actions, 1)))
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
