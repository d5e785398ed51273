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

Two series: single-threaded (`--mlir-disable-threading` on both tools),
where the action count and every command's instructions repeat from run to
run (the bar's figure), and threaded, as run.py runs, whose action count
and split of work between threads vary (the median of --runs, with the
spread). Each run also prints the Ir irscope's own action code ran
(handler_ir): the part a change to the handler moves, without the heap
layout's effect on MLIR's hash tables that the whole move carries.

    python3 bench/actioncost.py          # 15k lines, ~20 min (load does not matter)
"""
import argparse
import glob
import os
import re
import shutil
import statistics
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


# callgrind_annotate's per-function line: self Ir, share, file:function.
SELF = re.compile(r"^\s*([\d,]+) \(\s*[\d.]+%\)\s+(\S.*)$")


def handler_ir(outdir):
    """Ir that irscope's own action code ran in its own frames: the
    handler's entry (the bridge, whose std::function invoker inlines it)
    and the trail's and counts' functions (lib/Action). Unlike the
    process's total it does not move with the heap's layout, which changes
    the probes of MLIR's hash tables by some Ir per action whenever
    anything irscope allocates changes."""
    total = 0
    for path in glob.glob(os.path.join(outdir, "cg.*")):
        with open(path, "rb") as f:
            m = SUMMARY.search(f.read())
        part = int(m.group(1)) if m else 0
        out = subprocess.run(["callgrind_annotate", "--auto=no",
                              "--inclusive=no", "--threshold=100", path],
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = SELF.match(line)
            if not m or not ("irsActionBridge" in m.group(2) or
                             "/lib/Action/" in m.group(2).split(":")[0]):
                continue
            ir = int(m.group(1).replace(",", ""))
            # A dump printer forked while a thread ran a pass inside its
            # action starts in the handler's frame, and callgrind charges
            # the printer's whole run to it: not the handler's.
            if ir * 2 < part:
                total += ir
    return total


def count_actions(mopt, mod, work, extra):
    log = os.path.join(work, "actions.log")
    subprocess.run([mopt, "--pass-pipeline=" + PIPELINE, mod, "-o",
                    os.devnull, "--log-actions-to=" + log] + extra,
                   check=True, stderr=subprocess.DEVNULL)
    with open(log, "rb") as f:
        return sum(1 for line in f if b"] begins " in line)


def measure(args, irs, mod, work, extra):
    """One run of the three commands (and the action count) with `extra`
    flags on both tools: the move and the Ir per action."""
    dumps = os.path.join(work, "dumps")
    base = ["--pass-pipeline=" + PIPELINE, mod, "-o", os.devnull] + extra
    instr = [irs] + base + ["--dump-after-each=" + dumps, "--dump-overwrite",
                            "--verify-each", "--timing"]
    off = dict(os.environ, IRSCOPE_NO_ACTIONS="1")
    actions = count_actions(args.mlir_opt, mod, work, extra)
    ir = {}
    for name, cmd, env in (("mlir-opt", [args.mlir_opt] + base, None),
                           ("instrumented", instr, None),
                           ("no-actions", instr, off)):
        shutil.rmtree(dumps, ignore_errors=True)
        ir[name], _ = callgrind_ir(cmd, os.path.join(work, name), env)
    move = (ir["instrumented"] - ir["no-actions"]) / ir["mlir-opt"]
    per = (ir["instrumented"] - ir["no-actions"]) / max(actions, 1)
    own = (handler_ir(os.path.join(work, "instrumented")) -
           handler_ir(os.path.join(work, "no-actions"))) / max(actions, 1)
    print("    %13d %13d %13d Ir  %7d actions  move %.4f  %5.1f Ir/action"
          " (%.1f irscope's)" % (ir["mlir-opt"], ir["instrumented"],
                                 ir["no-actions"], actions, move, per, own),
          flush=True)
    return move, per, ir, own


def series(args, irs, mod, work, label, extra, runs):
    print("%s, %d run%s:\n         mlir-opt  instrumented    no-actions"
          % (label, runs, "" if runs == 1 else "s"), flush=True)
    res = [measure(args, irs, mod, work, extra) for _ in range(runs)]
    moves = sorted(r[0] for r in res)
    pers = sorted(r[1] for r in res)
    med = statistics.median(moves)
    ref = statistics.median(r[2]["mlir-opt"] for r in res)
    instr = statistics.median(r[2]["instrumented"] for r in res)
    noact = statistics.median(r[2]["no-actions"] for r in res)
    print("  instrumented / mlir-opt         = %.3f" % (instr / ref))
    print("  IRSCOPE_NO_ACTIONS=1 / mlir-opt = %.3f" % (noact / ref))
    print("  actions move the ratio by       = %.4f median, spread %.4f"
          " (%.4f .. %.4f)  (bar <= 0.02)"
          % (med, moves[-1] - moves[0], moves[0], moves[-1]))
    print("  Ir per action (handler and all) = %.1f median (%.1f .. %.1f)"
          % (statistics.median(pers), pers[0], pers[-1]))
    print("  of which irscope's own code     = %.1f median"
          % statistics.median(r[3] for r in res), flush=True)
    return med


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mlir-opt", default="/usr/lib/llvm-22/bin/mlir-opt")
    ap.add_argument("--lines", type=int, default=15000)
    ap.add_argument("--runs", type=int, default=5,
                    help="threaded runs, whose median is the figure (5)")
    ap.add_argument("--single-runs", type=int, default=1,
                    help="single-threaded runs (1: they count the same)")
    ap.add_argument("--keep", help="keep the callgrind files under this directory")
    args = ap.parse_args()
    irs = os.path.join(args.build, "bin", "irscope-opt")
    work = args.keep or tempfile.mkdtemp(prefix="irscope-actioncost-")
    os.makedirs(work, exist_ok=True)
    try:
        mod = os.path.join(work, "bench.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"),
                        "--lines", str(args.lines), "-o", mod], check=True)
        print("module: %d lines" % args.lines)
        if args.single_runs > 0:
            series(args, irs, mod, work, "single-threaded",
                   ["--mlir-disable-threading"], args.single_runs)
        if args.runs > 0:
            series(args, irs, mod, work, "threaded", [], args.runs)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
