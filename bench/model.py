#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A model-conversion pipeline under irscope-opt against mlir-opt, as ratios.

The workload is bench/gen_tosa_model.py's TOSA model (default 800 layers,
~12k lines in, ~370k lines of LLVM dialect out) through a 23-step lowering
to the LLVM dialect: a few big module-level conversions whose output grows
twentyfold, and steps that change nothing. The shape differs from run.py's
(mostly function-level steps on a module that shrinks).

Runs are interleaved (A B A B ...) in fresh processes; each figure is a
median, printed as a ratio against plain mlir-opt measured in the same
run. Wall, CPU (user + system of the process and every worker it waited
for) and peak RSS (wait4). Cases and bars:
  plain        irscope-opt                                      (<= 1.03)
  timing       irscope-opt --timing                             (<= 1.05)
  dumps        irscope-opt --dump-after-each                    (<= 1.20)
  instrumented --dump-after-each --verify-each --timing         (<= 1.25,
               peak RSS <= 1.3x mlir-opt's)
It checks first that irscope-opt's output is mlir-opt's, byte for byte,
and prints the dump directory's bytes (files that are hard links to an
earlier dump counted once).

Usage: bench/model.py [--build build] [--layers 800] [--reps 3]
                      [--cases plain,timing,dumps,instrumented]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

from scale import MLIR_OPT, load, measure

HERE = os.path.dirname(os.path.abspath(__file__))
PIPELINE = (
    "builtin.module(func.func(tosa-optional-decompositions,tosa-infer-shapes,"
    "tosa-make-broadcastable,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,"
    "tosa-to-tensor),canonicalize,func.func(linalg-fuse-elementwise-ops),"
    "one-shot-bufferize{bufferize-function-boundaries},func.func(buffer-hoisting),"
    "convert-linalg-to-loops,lower-affine,convert-scf-to-cf,expand-strided-metadata,"
    "finalize-memref-to-llvm,convert-math-to-llvm,convert-arith-to-llvm,"
    "convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts,"
    "canonicalize,cse)")
BARS = [("plain", "irscope-opt", 1.03),
        ("timing", "--timing", 1.05),
        ("dumps", "--dump-after-each", 1.20),
        ("instrumented", "--dump-after-each --verify-each --timing", 1.25)]
RSS_BAR = 1.3


def unique_bytes(d):
    """Bytes of the files under d, a file with several links counted once."""
    seen, total, files = set(), 0, 0
    for r, _, fs in os.walk(d):
        for f in fs:
            st = os.stat(os.path.join(r, f))
            files += 1
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                total += st.st_size
    return total, files


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mlir-opt", default=MLIR_OPT)
    ap.add_argument("--layers", type=int, default=800)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--cases", default="plain,timing,dumps,instrumented")
    a = ap.parse_args()
    irs = os.path.join(a.build, "bin", "irscope-opt")
    work = tempfile.mkdtemp(prefix="irscope-model-")
    try:
        mod = os.path.join(work, "model.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_tosa_model.py"),
                        str(a.layers), "-o", mod], check=True)
        dumps = os.path.join(work, "dumps")
        ref, out = os.path.join(work, "ref.mlir"), os.path.join(work, "out.mlir")
        base = ["--pass-pipeline=" + PIPELINE, mod]
        measure([a.mlir_opt] + base + ["-o", ref])
        measure([irs] + base + ["-o", out])
        same = open(ref, "rb").read() == open(out, "rb").read()
        # The dump run's output too: instrumentation must not change it.
        measure([irs] + base + ["-o", out, "--dump-after-each=" + dumps,
                                "--verify-each", "--timing"])
        same_instr = open(ref, "rb").read() == open(out, "rb").read()
        dump_bytes, dump_files = unique_bytes(dumps)
        out_lines = sum(1 for _ in open(ref))

        dump = ["--dump-after-each=" + dumps, "--dump-overwrite"]
        cmds = {"mlir-opt": [a.mlir_opt] + base + ["-o", os.devnull]}
        allc = {
            "plain": [],
            "timing": ["--timing"],
            "dumps": dump,
            "instrumented": dump + ["--verify-each", "--timing"],
        }
        for k in a.cases.split(","):
            cmds[k] = [irs] + base + ["-o", os.devnull] + allc[k]
        res = {k: [] for k in cmds}
        print("load before: " + load())
        for _ in range(a.reps):
            for k, c in cmds.items():
                shutil.rmtree(dumps, ignore_errors=True)
                os.sync()
                res[k].append(measure(c))
        print("load after:  " + load())
        med = {k: [statistics.median(x[i] for x in v) for i in range(3)]
               for k, v in res.items()}
        print("model: %d layers, %d lines in, %d lines out; %d steps"
              % (a.layers, sum(1 for _ in open(mod)), out_lines,
                 PIPELINE.count(",") + 1))
        print("identical output to mlir-opt: plain %s, instrumented %s"
              % ("yes" if same else "NO", "yes" if same_instr else "NO"))
        print("dumps: %d files, %.1f MB on disk (hard links counted once)"
              % (dump_files, dump_bytes / 1e6))
        m = med["mlir-opt"]
        print("mlir-opt: %.2f s wall, %.2f s CPU, %.0f MB peak RSS (median of %d)"
              % (m[0], m[1], m[2] / 1e6, a.reps))
        print("%-14s %-42s %7s %7s %7s  %s" % ("case", "", "wall", "CPU", "RSS",
                                               "bar (wall)"))
        ok = same and same_instr
        for k, label, bar in BARS:
            if k not in med:
                continue
            r = [med[k][i] / m[i] for i in range(3)]
            met = r[0] <= bar and (k != "instrumented" or r[2] <= RSS_BAR)
            ok = ok and met
            print("  %-12s %-42s %7.3f %7.3f %7.2f  <= %.2f%s %s"
                  % (k, label, r[0], r[1], r[2], bar,
                     " (RSS <= %.1f)" % RSS_BAR if k == "instrumented" else "",
                     "met" if met else "MISSED"))
        return 0 if ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
