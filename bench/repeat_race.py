#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Does --repeat see a real race as often as plain runs do?

Two races, each measured in one sitting, plain loop first, then --repeat
with the same number of runs:
  mlir-opt   MLIR 22's race of func.func(convert-scf-to-cf),
             func.func(test-print-liveness) (llvm/llvm-project#207834) on a
             64-function scf input (bench/gen_scf_race.py): a shell-style
             loop of plain mlir-opt against irscope-opt --tool=mlir-opt
             --repeat=N
  in-process irscope's own irs-test-race (two threads on shared state):
             a loop of plain irscope-opt against irscope-opt --repeat=N

Printed per race: failures and rate with the 95% Wilson interval for each,
whether the intervals overlap, and --repeat's signature lines (crash site,
artefact directory). A race needs two free cores: run it on an idle
machine (a run takes about 0.1-0.3 s). Exit status 1 when an interval pair does not overlap.

Usage: bench/repeat_race.py [--build build] [--runs 60] [--only mlir-opt|in-process]
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MLIR_PIPELINE = ("builtin.module(func.func(convert-scf-to-cf),"
                 "func.func(test-print-liveness))")
Z95 = 1.959963984540054


def wilson(k, n):
    if n == 0:
        return 0.0, 0.0, 1.0
    p = k / n
    d = 1 + Z95 * Z95 / n
    c = (p + Z95 * Z95 / (2 * n)) / d
    h = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / d
    return p, max(0.0, c - h), min(1.0, c + h)


TIMEOUT = 20  # seconds per run: a race can also hang


def plain_loop(cmd, runs):
    """Failures of `runs` plain runs: nonzero exit, death by a signal, or a
    hang (killed after TIMEOUT s)."""
    fails = 0
    for _ in range(runs):
        try:
            r = subprocess.run(cmd, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=TIMEOUT)
            fails += r.returncode != 0
        except subprocess.TimeoutExpired:
            fails += 1
    return fails


def repeat(cmd, runs, out_dir):
    """Failures counted by irscope-opt --repeat, and its signature lines."""
    r = subprocess.run(cmd + ["--repeat=%d" % runs, "--failure-dir=" + out_dir,
                              "--step-timeout=%d" % TIMEOUT],
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    fails, sigs = None, []
    for line in r.stderr.splitlines():
        if " runs failed (" in line:
            fails = int(line.split("repeat: ")[1].split(" of ")[0])
        if "signature " in line and ("artefacts" in line or "runs" in line):
            sigs.append(line)
    if fails is None:
        sys.exit("no summary from: %s\n%s" % (" ".join(cmd), r.stderr[-2000:]))
    for d in sorted(os.listdir(out_dir)):
        if d.startswith("failure-"):
            sigs.append("%s: %s" % (d, " ".join(
                sorted(os.listdir(os.path.join(out_dir, d))))))
    return fails, sigs


def fmt(name, k, n):
    p, lo, hi = wilson(k, n)
    return "%-10s %3d of %3d failed  %6.2f%%  [%6.2f%% - %6.2f%%]" % (
        name, k, n, 100 * p, 100 * lo, 100 * hi), (lo, hi)


def compare(title, plain_cmd, repeat_cmd, runs, tmp, tag):
    print("== %s" % title, flush=True)
    kp = plain_loop(plain_cmd, runs)
    kr, sigs = repeat(repeat_cmd, runs, os.path.join(tmp, tag))
    lp, ip = fmt("plain", kp, runs)
    lr, ir = fmt("--repeat", kr, runs)
    print(lp)
    print(lr)
    overlap = ip[0] <= ir[1] and ir[0] <= ip[1]
    print("95%% intervals overlap: %s" % ("yes" if overlap else "NO"))
    for s in sigs:
        print("  " + s.replace("irscope-opt: repeat:", "").strip())
    sys.stdout.flush()
    return overlap


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--spin", default="0",
                    help="irs-test-race's spin (microseconds)")
    ap.add_argument("--only", choices=["mlir-opt", "in-process"])
    a = ap.parse_args()
    tool = os.path.join(a.build, "bin", "irscope-opt")
    if not os.access(tool, os.X_OK):
        sys.exit("no irscope-opt at %s; pass --build" % tool)
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        inp = os.path.join(tmp, "race.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_scf_race.py"),
                        "-o", inp], check=True)
        if a.only in (None, "mlir-opt"):
            plain = [a.mlir_opt, inp, "--pass-pipeline=" + MLIR_PIPELINE,
                     "-o", os.devnull]
            rep = [tool, "--tool=" + a.mlir_opt, inp,
                   "--pass-pipeline=" + MLIR_PIPELINE]
            ok &= compare("mlir-opt: " + MLIR_PIPELINE, plain, rep, a.runs,
                          tmp, "mlir-opt")
        if a.only in (None, "in-process"):
            pipe = ("builtin.module(func.func(irs-test-race{op=func.func "
                    "spin=%s}))" % a.spin)
            plain = [tool, inp, "--pass-pipeline=" + pipe, "-o", os.devnull]
            rep = [tool, inp, "--pass-pipeline=" + pipe]
            ok &= compare("irscope-opt: " + pipe, plain, rep, a.runs, tmp,
                          "in-process")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
