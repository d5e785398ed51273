#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Cost of one run of irscope-opt --repeat against one plain run.

--repeat parses the input once and forks a child per run; a plain run pays
process start-up, MLIR registration, context creation and parsing every
time. The issue's target: the repeat loop's wall time per run is at most
1.10x a single plain run on a small module.

Printed, as ratios of medians of interleaved measurements:
  per-run     (wall of --repeat=N) / N  /  wall of one plain run   (<= 1.10)
  vs-work     the same per-run time / (plain run - start-up-only run),
              where start-up-only is the plain command on an empty module:
              the repeat loop against the pipeline's own work (reference)

Usage: bench/repeat.py [--build build] [--runs 200] [--reps 3] [--lines 400]
       bench/repeat.py --quick      # 20 runs, 1 repetition (~10 s)
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

PIPELINE = ("builtin.module(func.func(canonicalize,cse),inline,sccp,"
            "symbol-dce,canonicalize)")
HERE = os.path.dirname(os.path.abspath(__file__))


def timed(cmd):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit("benchmark command failed (%d): %s\n%s" %
                 (r.returncode, " ".join(cmd), r.stderr.decode()[-2000:]))
    return dt


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--lines", type=int, default=400)
    ap.add_argument("--quick", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.runs, a.reps = 20, 1
    tool = os.path.join(a.build, "bin", "irscope-opt")
    if not os.access(tool, os.X_OK):
        sys.exit("no irscope-opt at %s; pass --build" % tool)
    with tempfile.TemporaryDirectory() as tmp:
        small = os.path.join(tmp, "small.mlir")
        empty = os.path.join(tmp, "empty.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"),
                        "--lines", str(a.lines), "-o", small], check=True)
        with open(empty, "w") as f:
            f.write("module {}\n")
        plain = [tool, small, "--pass-pipeline=" + PIPELINE]
        start = [tool, empty, "--pass-pipeline=" + PIPELINE]
        rep = plain + ["--repeat=%d" % a.runs,
                       "--failure-dir=" + os.path.join(tmp, "rep")]
        single, startup, perrun = [], [], []
        for _ in range(a.reps):
            # Several plain runs per repetition: each is short and noisy.
            for _ in range(5):
                single.append(timed(plain))
                startup.append(timed(start))
            perrun.append(timed(rep) / a.runs)
        s, u, p = (statistics.median(x) for x in (single, startup, perrun))
        work = max(s - u, 1e-6)
        print("module: %d lines; %d runs per --repeat, %d repetitions"
              % (a.lines, a.runs, a.reps))
        print("plain run        %8.1f ms" % (1e3 * s))
        print("start-up only    %8.1f ms" % (1e3 * u))
        print("--repeat per run %8.1f ms" % (1e3 * p))
        print("per-run  ratio   %8.3f   (target <= 1.10)" % (p / s))
        print("vs-work  ratio   %8.3f   (reference)" % (p / work))
        return 0 if p / s <= 1.10 else 1


if __name__ == "__main__":
    sys.exit(main())
