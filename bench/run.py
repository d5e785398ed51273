#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""irscope-opt vs mlir-opt, measured in one run, printed as ratios.

Machines are noisy, so every figure is a ratio of medians of runs that were
interleaved (A B A B ...) in the same process, never an absolute target.

Cases (issue 2):
  plain        irscope-opt without instrumentation / plain mlir-opt  (<= 1.05)
  instrumented irscope-opt --dump-after-each --verify-each --timing
               / plain mlir-opt                                      (<= 1.3)
  startup      both on a tiny module                                  (<= 1.0)
  protection   irscope-opt (crash protection on, the default)
               / irscope-opt --crash-protection=0                     (<= 1.05)
  mlir-instr   (reference only, --with-mlir-instrumented) mlir-opt
               --mlir-print-ir-after-all --mlir-print-ir-tree-dir
               --verify-each --mlir-timing / plain mlir-opt

Usage: bench/run.py [--build build] [--lines 280000] [--reps 3]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PIPELINE = ("builtin.module(func.func(canonicalize,cse),inline,"
            "func.func(loop-invariant-code-motion,canonicalize),sccp,"
            "symbol-dce,convert-scf-to-cf,canonicalize,cse)")
HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, cwd=None):
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    dt = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit("benchmark command failed (%d): %s\n%s" %
                 (r.returncode, " ".join(cmd), r.stderr.decode()[-2000:]))
    return dt


def interleaved(cases, reps, setup=None):
    """cases: {name: callable returning seconds}; returns {name: [secs]}."""
    out = {k: [] for k in cases}
    for _ in range(reps):
        for name, fn in cases.items():
            if setup:
                setup(name)
            out[name].append(fn())
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--lines", type=int, default=280000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--startup-reps", type=int, default=20)
    ap.add_argument("--with-mlir-instrumented", action="store_true")
    ap.add_argument("--startup-only", action="store_true",
                    help="only the tiny-module start-up comparison")
    args = ap.parse_args()

    irs = os.path.join(args.build, "bin", "irscope-opt")
    mopt = args.mlir_opt
    work = tempfile.mkdtemp(prefix="irscope-bench-")
    try:
        mod = os.path.join(work, "bench.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"),
                        "--lines", str(args.lines), "-o", mod], check=True)
        tiny = os.path.join(work, "tiny.mlir")
        with open(tiny, "w") as f:
            f.write("func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n")
        dumps = os.path.join(work, "dumps")
        tree = os.path.join(work, "tree")

        if args.startup_only:
            s = interleaved({
                "mlir-opt": lambda: run([mopt, tiny, "-o", os.devnull]),
                "irscope-opt": lambda: run([irs, tiny, "-o", os.devnull]),
                "irscope-opt-unprotected": lambda: run(
                    [irs, tiny, "-o", os.devnull, "--crash-protection=0"]),
            }, args.startup_reps)
            smed = {k: statistics.median(v) for k, v in s.items()}
            for k, v in smed.items():
                print("  %-24s %6.1f ms" % (k, v * 1e3))
            print("  startup      irscope-opt / mlir-opt (tiny)   = %.3f  (<= 1.00)"
                  % (smed["irscope-opt"] / smed["mlir-opt"]))
            print("  startup      unprotected / mlir-opt (tiny)   = %.3f"
                  % (smed["irscope-opt-unprotected"] / smed["mlir-opt"]))
            return 0
        # Same output bytes first: a fast wrong answer is no answer.
        ref, out = os.path.join(work, "ref.mlir"), os.path.join(work, "out.mlir")
        run([mopt, "--pass-pipeline=" + PIPELINE, mod, "-o", ref])
        run([irs, "--pass-pipeline=" + PIPELINE, mod, "-o", out])
        same = open(ref, "rb").read() == open(out, "rb").read()

        cases = {
            "mlir-opt": lambda: run([mopt, "--pass-pipeline=" + PIPELINE, mod,
                                     "-o", os.devnull]),
            "irscope-opt": lambda: run([irs, "--pass-pipeline=" + PIPELINE,
                                        mod, "-o", os.devnull]),
            "irscope-opt-unprotected": lambda: run(
                [irs, "--pass-pipeline=" + PIPELINE, mod, "-o", os.devnull,
                 "--crash-protection=0"]),
            "irscope-opt-instr": lambda: run(
                [irs, "--pass-pipeline=" + PIPELINE, mod, "-o", os.devnull,
                 "--dump-after-each=" + dumps, "--dump-overwrite",
                 "--verify-each", "--timing"]),
        }
        if args.with_mlir_instrumented:
            cases["mlir-opt-instr"] = lambda: run(
                [mopt, "--pass-pipeline=" + PIPELINE, mod, "-o", os.devnull,
                 "--mlir-print-ir-after-all", "--mlir-print-ir-tree-dir=" + tree,
                 "--verify-each", "--mlir-timing"])

        def setup(name):
            if name == "mlir-opt-instr":
                shutil.rmtree(tree, ignore_errors=True)

        t = interleaved(cases, args.reps, setup)
        s = interleaved({
            "mlir-opt": lambda: run([mopt, tiny, "-o", os.devnull]),
            "irscope-opt": lambda: run([irs, tiny, "-o", os.devnull]),
        }, args.startup_reps)

        med = {k: statistics.median(v) for k, v in t.items()}
        smed = {k: statistics.median(v) for k, v in s.items()}
        lines = sum(1 for _ in open(mod))
        print("module: %d lines, pipeline: %s" % (lines, PIPELINE))
        print("identical output to mlir-opt: %s" % ("yes" if same else "NO"))
        print("%-22s %s" % ("case", "median seconds over %d runs" % args.reps))
        for k, v in med.items():
            print("  %-20s %8.3f   (%s)" % (k, v, " ".join("%.2f" % x for x in t[k])))
        print("ratios (target):")
        print("  plain        irscope-opt / mlir-opt          = %.3f  (<= 1.05)"
              % (med["irscope-opt"] / med["mlir-opt"]))
        print("  instrumented irscope-opt-instr / mlir-opt    = %.3f  (<= 1.30)"
              % (med["irscope-opt-instr"] / med["mlir-opt"]))
        print("  protection   irscope-opt / --crash-protection=0 = %.3f  (<= 1.05)"
              % (med["irscope-opt"] / med["irscope-opt-unprotected"]))
        if "mlir-opt-instr" in med:
            print("  reference    mlir-opt-instr / mlir-opt       = %.3f"
                  % (med["mlir-opt-instr"] / med["mlir-opt"]))
        print("  startup      irscope-opt / mlir-opt (tiny)   = %.3f  (<= 1.00)"
              "   [%.1f ms vs %.1f ms, median of %d]"
              % (smed["irscope-opt"] / smed["mlir-opt"],
                 smed["irscope-opt"] * 1e3, smed["mlir-opt"] * 1e3,
                 args.startup_reps))
        return 0 if same else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
