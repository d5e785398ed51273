#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""irscope-opt vs mlir-opt, measured in one run, printed as ratios.

Machines are noisy, so every figure is a ratio of medians of runs that were
interleaved (A B A B ...) in the same process, never an absolute target.

Cases (issue 2, tightened by issue 15):
  plain        irscope-opt without instrumentation / plain mlir-opt  (<= 1.03)
  timing       irscope-opt --timing / plain mlir-opt                 (<= 1.03)
  dumps        irscope-opt --dump-after-each / plain mlir-opt        (<= 1.12)
  instrumented irscope-opt --dump-after-each --verify-each --timing
               / plain mlir-opt                                      (<= 1.15)
  startup      both on a tiny module                                  (<= 1.0)
  protection   irscope-opt (crash protection on, the default)
               / irscope-opt --crash-protection=0                     (<= 1.05)
  mlir-instr   (reference only, --with-mlir-instrumented) mlir-opt
               --mlir-print-ir-after-all --mlir-print-ir-tree-dir
               --verify-each --mlir-timing / plain mlir-opt

Each ratio is printed for wall time and for CPU time (user + system of the
run's processes, steadier on a loaded machine), with `uptime` before and
after. Before each run, outside its timed region, the dump directory of
the last one is removed and the disk synced, so no run pays for another's
files (--dump-overwrite then has nothing to delete).

Usage: bench/run.py [--build build] [--lines 283000] [--reps 3]
                    [--cases plain,timing,dumps,instrumented,protection]
"""
import argparse
import os
import resource
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


CPU = {}  # id(cmd list) -> CPU seconds of the last run, see run()


def run(cmd, cwd=None):
    """Wall seconds of one run; its CPU seconds (the process and every
    descendant it waited for) go to CPU[tuple(cmd)]."""
    ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
    dt = time.perf_counter() - t0
    ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.setdefault(tuple(cmd), []).append(
        (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime))
    if r.returncode != 0:
        sys.exit("benchmark command failed (%d): %s\n%s" %
                 (r.returncode, " ".join(cmd), r.stderr.decode()[-2000:]))
    return dt


def uptime():
    try:
        with open("/proc/loadavg") as f:
            return "load average " + " ".join(f.read().split()[:3])
    except OSError:
        return "unknown"


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
    ap.add_argument("--lines", type=int, default=283000)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--startup-reps", type=int, default=20)
    ap.add_argument("--with-mlir-instrumented", action="store_true")
    ap.add_argument("--cases", default="plain,timing,dumps,instrumented,protection",
                    help="comma-separated subset of the irscope-opt cases")
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

        base = ["--pass-pipeline=" + PIPELINE, mod, "-o", os.devnull]
        dump = ["--dump-after-each=" + dumps, "--dump-overwrite"]
        cmds = {
            "mlir-opt": [mopt] + base,
            "plain": [irs] + base,
            "timing": [irs] + base + ["--timing"],
            "dumps": [irs] + base + dump,
            "instrumented": [irs] + base + dump + ["--verify-each", "--timing"],
            "protection": [irs] + base + ["--crash-protection=0"],
        }
        if args.with_mlir_instrumented:
            cmds["mlir-opt-instr"] = [mopt] + base + [
                "--mlir-print-ir-after-all", "--mlir-print-ir-tree-dir=" + tree,
                "--verify-each", "--mlir-timing"]
        want = set(args.cases.split(",")) | {"mlir-opt", "mlir-opt-instr"}
        if "protection" in want:
            want.add("plain")
        cmds = {k: v for k, v in cmds.items() if k in want}
        cases = {k: (lambda c=c: run(c)) for k, c in cmds.items()}

        def setup(name):
            # Every run starts from the same disk state, outside its timed
            # region: no dump directory from an earlier run (scale.py does
            # the same), and no dirty pages whose writeback would land in
            # whichever run comes next (a dump run leaves ~150 MB).
            shutil.rmtree(dumps, ignore_errors=True)
            shutil.rmtree(tree, ignore_errors=True)
            os.sync()

        print("uptime before: " + uptime())
        t = interleaved(cases, args.reps, setup)
        print("uptime after:  " + uptime())
        cpu = {k: CPU[tuple(c)] for k, c in cmds.items()}
        med = {k: statistics.median(v) for k, v in t.items()}
        cmed = {k: statistics.median(v) for k, v in cpu.items()}
        lines = sum(1 for _ in open(mod))
        print("module: %d lines, pipeline: %s" % (lines, PIPELINE))
        print("identical output to mlir-opt: %s" % ("yes" if same else "NO"))
        print("%-22s %s" % ("case", "median wall s / CPU s over %d runs (wall of each)"
                            % args.reps))
        for k, v in med.items():
            print("  %-20s %8.3f %8.3f  (%s)" % (k, v, cmed[k],
                                              " ".join("%.2f" % x for x in t[k])))
        print("ratios, wall and CPU (target):")
        bars = [("plain", "irscope-opt", 1.03),
                ("timing", "--timing", 1.03),
                ("dumps", "--dump-after-each", 1.12),
                ("instrumented", "--dump-after-each --verify-each --timing", 1.15)]
        for k, label, bar in bars:
            if k in med:
                print("  %-12s %-41s = %.3f  cpu %.3f  (<= %.2f)"
                      % (k, label, med[k] / med["mlir-opt"],
                         cmed[k] / cmed["mlir-opt"], bar))
        if "protection" in med:
            print("  protection   irscope-opt / --crash-protection=0 = %.3f  cpu %.3f  (<= 1.05)"
                  % (med["plain"] / med["protection"],
                     cmed["plain"] / cmed["protection"]))
        if "mlir-opt-instr" in med:
            print("  reference    mlir-opt-instr / mlir-opt       = %.3f  cpu %.3f"
                  % (med["mlir-opt-instr"] / med["mlir-opt"],
                     cmed["mlir-opt-instr"] / cmed["mlir-opt"]))
        if args.startup_reps > 0:
            s = interleaved({
                "mlir-opt": lambda: run([mopt, tiny, "-o", os.devnull]),
                "irscope-opt": lambda: run([irs, tiny, "-o", os.devnull]),
            }, args.startup_reps)
            smed = {k: statistics.median(v) for k, v in s.items()}
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
