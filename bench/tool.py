#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""irscope-opt --tool=mlir-opt vs mlir-opt, measured in one run (issue 13).

Same module and pipeline as run.py. Runs are interleaved (A B A B ...) and
medians compared, so every figure is a ratio against mlir-opt measured in
the same run, never an absolute target.

Cases:
  mlir-opt         plain mlir-opt, the reference
  tool             irscope-opt --tool=mlir-opt, nothing asked: one
                   supervised run of the tool                  (<= 1.05)
  tool-instr       irscope-opt --tool=mlir-opt --dump-after-each
                   --verify-each --timing: one tool process per step, the
                   dump is the hand-over                       (<= 3.5)
  tool-steps       irscope-opt --tool=mlir-opt --timing: one process per
                   step, bytecode hand-over, no dumps (where the time goes)
  mlir-instr       mlir-opt --mlir-print-ir-after-all --mlir-print-ir-tree-dir
                   --verify-each --mlir-timing: one process whose per-op
                   files irscope would have to stitch into module dumps
  stitch           (computed) reading every tree-dir file of mlir-instr and
                   writing one module-sized file per step: a lower bound of
                   what stitching in irscope would add to mlir-instr

It also checks that `tool` and `tool-instr` print exactly mlir-opt's output
and prints the per-step parse/print cost of the bytecode and text hand-over.

Usage: bench/tool.py [--build build] [--lines 280000] [--reps 2]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import PIPELINE, run  # noqa: E402
import resource  # noqa: E402


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def interleaved(cases, reps, setup=None):
    """Like run.py's, but also records the CPU time of each run's processes
    (children's user + system): on a shared, loaded machine wall time
    stretches with the load, CPU time much less. Prints as it goes."""
    wall = {k: [] for k in cases}
    cpu = {k: [] for k in cases}
    for _ in range(reps):
        for name, fn in cases.items():
            if setup:
                setup(name)
            c0 = cpu_children()
            wall[name].append(fn())
            cpu[name].append(cpu_children() - c0)
            print("  ran %-20s wall %8.2f s  cpu %8.2f s" %
                  (name, wall[name][-1], cpu[name][-1]), flush=True)
    return wall, cpu

HERE = os.path.dirname(os.path.abspath(__file__))


def stitch_cost(tree, steps, module_bytes):
    """Reads every file mlir-opt wrote under `tree` and writes `steps`
    module-sized files: the I/O any stitching has to do at least."""
    t0 = time.perf_counter()
    total = 0
    for root, _, files in os.walk(tree):
        for f in files:
            with open(os.path.join(root, f), "rb") as fh:
                total += len(fh.read())
    out = os.path.join(tree, "stitched.mlir")
    blob = b"x" * module_bytes
    for _ in range(steps):
        with open(out, "wb") as fh:
            fh.write(blob)
    os.unlink(out)
    return time.perf_counter() - t0, total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--lines", type=int, default=280000)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--cases", default="",
                    help="comma-separated subset of the cases (default all)")
    args = ap.parse_args()
    irs = os.path.join(args.build, "bin", "irscope-opt")
    mopt = args.mlir_opt
    work = tempfile.mkdtemp(prefix="irscope-tool-bench-")
    try:
        mod = os.path.join(work, "bench.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"),
                        "--lines", str(args.lines), "-o", mod], check=True)
        dumps, tree = os.path.join(work, "dumps"), os.path.join(work, "tree")
        pp = "--pass-pipeline=" + PIPELINE
        ref, out, out2 = (os.path.join(work, n)
                          for n in ("ref.mlir", "out.mlir", "out2.mlir"))
        tool = [irs, "--tool=" + mopt, pp, mod]
        run([mopt, pp, mod, "-o", ref])
        run(tool + ["-o", out])
        run(tool + ["-o", out2, "--dump-after-each=" + dumps, "--timing"])
        same = open(ref, "rb").read() == open(out, "rb").read()
        same2 = open(ref, "rb").read() == open(out2, "rb").read()
        steps = len([f for f in os.listdir(dumps) if f[:4].isdigit()]) - 1

        # Per-step hand-over cost: parse + print with no passes.
        bc = os.path.join(work, "m.mlirbc")
        run([mopt, mod, "--emit-bytecode", "-o", bc])
        cases = {
            "mlir-opt": lambda: run([mopt, pp, mod, "-o", os.devnull]),
            "tool": lambda: run(tool + ["-o", os.devnull]),
            "tool-instr": lambda: run(
                tool + ["-o", os.devnull, "--dump-after-each=" + dumps,
                        "--dump-overwrite", "--verify-each", "--timing"]),
            "tool-steps": lambda: run(tool + ["-o", os.devnull, "--timing"]),
            "mlir-instr": lambda: run(
                [mopt, pp, mod, "-o", os.devnull, "--mlir-print-ir-after-all",
                 "--mlir-print-ir-tree-dir=" + tree, "--verify-each",
                 "--mlir-timing"]),
            "text-roundtrip": lambda: run([mopt, mod, "-o", os.devnull]),
            "bytecode-roundtrip": lambda: run(
                [mopt, bc, "--emit-bytecode", "-o", os.devnull]),
        }

        if args.cases:
            keep = set(args.cases.split(",")) | {"mlir-opt"}
            cases = {k: v for k, v in cases.items() if k in keep}

        def setup(name):
            if name == "mlir-instr":
                shutil.rmtree(tree, ignore_errors=True)

        print("load before: %s" % open("/proc/loadavg").read().strip(),
              flush=True)
        t, tc = interleaved(cases, args.reps, setup)
        med = {k: statistics.median(v) for k, v in t.items()}
        cmed = {k: statistics.median(v) for k, v in tc.items()}
        st, tree_bytes = (stitch_cost(tree, steps, os.path.getsize(ref))
                          if "mlir-instr" in med else (0.0, 0))
        lines = sum(1 for _ in open(mod))
        print("module: %d lines, %d steps, pipeline: %s" % (lines, steps,
                                                             PIPELINE))
        print("load: %s" % open("/proc/loadavg").read().strip())
        print("identical output to mlir-opt: tool %s, tool-instr %s"
              % ("yes" if same else "NO", "yes" if same2 else "NO"))
        print("%-22s %s" % ("case", "median seconds over %d runs" % args.reps))
        for k, v in med.items():
            print("  %-20s %8.3f   (%s)   cpu %8.3f" %
                  (k, v, " ".join("%.2f" % x for x in t[k]), cmed[k]))
        print("  %-20s %8.3f   (reading %.1f MB of tree-dir files, writing %d "
              "module-sized files)" % ("stitch (lower bound)", st,
                                       tree_bytes / 1e6, steps))
        m, cm = med["mlir-opt"], cmed["mlir-opt"]
        bars = {"tool": "(<= 1.05)", "tool-instr": "(<= 3.50)"}
        print("ratios to plain mlir-opt (wall; cpu) (target):")
        for k in med:
            if k != "mlir-opt":
                print("  %-20s %6.3f; %6.3f  %s" % (k, med[k] / m, cmed[k] / cm,
                                                   bars.get(k, "")))
        if "mlir-instr" in med:
            print("  %-20s %6.3f  (mlir-instr + stitch lower bound, wall)"
                  % ("stitched", (med["mlir-instr"] + st) / m))
        if "text-roundtrip" in med and "bytecode-roundtrip" in med:
            print("hand-over per step (parse + print, no passes): text %.3f s "
                  "(cpu %.3f), bytecode %.3f s (cpu %.3f)"
                  % (med["text-roundtrip"], cmed["text-roundtrip"],
                     med["bytecode-roundtrip"], cmed["bytecode-roundtrip"]))
        print("load after: %s" % open("/proc/loadavg").read().strip())
        return 0 if same and same2 else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
