#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""opt-reduce against mlir-reduce (and C-Vise when installed), same cases,
same run. Prints final size (ops) and wall time of each tool, and the
ratios the reducer issue sets: size <= the smaller of the others', time <=
1/10 of the faster one. Every result is checked to still fail the same way
(kind and pass), so a tool that slides to another bug loses.

Cases: a crash snippet (irs-test-crash on math.sqrt) alone, and buried in a
generated module of --lines lines, behind a longer pipeline.

Usage: bench/reduce.py [--build build] [--lines 20000] [--cap 900]
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SNIPPET = """func.func @buried(%x: f32, %y: f32) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = math.sqrt %0 : f32
  %2 = arith.mulf %1, %x : f32
  return %2 : f32
}
"""
SMALL_EXTRA = """func.func @other(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
func.func private @helper(%a: f32) -> f32 {
  %0 = arith.mulf %a, %a : f32
  return %0 : f32
}
func.func @caller(%a: f32) -> f32 {
  %0 = func.call @helper(%a) : (f32) -> f32
  %1 = arith.addf %0, %a : f32
  return %1 : f32
}
"""
PIPELINE = ("builtin.module(func.func(canonicalize,cse),inline,"
            "func.func(irs-test-crash{op=math.sqrt}),symbol-dce,canonicalize)")


def count_ops(irs, path):
    r = subprocess.run([irs, path, "--crash-protection=0",
                        "--pass-pipeline=builtin.module(irs-op-stats)",
                        "-o", os.devnull], capture_output=True, text=True)
    m = re.search(r"op statistics: (\d+) operations", r.stderr)
    return int(m.group(1)) if m else -1


def crashes(irs, path, reproducer=False):
    cmd = [irs, path, "-o", os.devnull]
    # opt-reduce also reduces the pipeline: its result is the reproducer.
    cmd += ["--run-reproducer"] if reproducer else ["--pass-pipeline=" + PIPELINE]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.returncode == 5 and "irs-test-crash" in r.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mlir-reduce", default="/usr/lib/llvm-22/bin/mlir-reduce")
    ap.add_argument("--lines", type=int, default=20000)
    ap.add_argument("--cap", type=float, default=900.0,
                    help="seconds before another tool is stopped")
    args = ap.parse_args()
    irs = os.path.abspath(os.path.join(args.build, "bin", "irscope-opt"))
    red = os.path.abspath(os.path.join(args.build, "bin", "opt-reduce"))
    work = tempfile.mkdtemp(prefix="irscope-reduce-bench-")
    try:
        cases = {}
        p = os.path.join(work, "snippet.mlir")
        open(p, "w").write(SNIPPET + SMALL_EXTRA)
        cases["snippet"] = p
        g = os.path.join(work, "gen.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"),
                        "--lines", str(args.lines), "-o", g], check=True)
        lines = open(g).read().split("\n")
        i = len(lines) // 2
        while not lines[i].startswith("func.func"):
            i += 1
        lines.insert(i, SNIPPET)
        b = os.path.join(work, "buried.mlir")
        open(b, "w").write("\n".join(lines))
        cases["buried-%dk" % (args.lines // 1000)] = b
        # Interestingness script for the other tools: exit 0 when the
        # pipeline crashes in irs-test-crash (C-Vise) / 1 (mlir-reduce).
        for name, yes, no in (("cvise.sh", 0, 1), ("mlir-reduce.sh", 1, 0)):
            s = os.path.join(work, name)
            open(s, "w").write(
                "#!/bin/sh\nfor f; do :; done\n%s \"$f\" --pass-pipeline='%s' -o /dev/null "
                "2>/tmp/irs-bench-err.$$\nrc=$?\ngrep -q irs-test-crash "
                "/tmp/irs-bench-err.$$; g=$?\nrm -f /tmp/irs-bench-err.$$\n"
                "[ $rc -eq 5 ] && [ $g -eq 0 ] && exit %d\nexit %d\n"
                % (irs, PIPELINE, yes, no))
            os.chmod(s, 0o755)
        print("%-12s %-12s %8s %8s %6s" % ("case", "tool", "ops", "seconds", "same?"))
        for cname, path in cases.items():
            before = count_ops(irs, path)
            res = {}
            out = os.path.join(work, cname + ".opt-reduce.mlir")
            t0 = time.time()
            repro = out + ".repro"
            subprocess.run([red, path, "--pass-pipeline=" + PIPELINE, "-o", out,
                            "--reproducer=" + repro], capture_output=True)
            res["opt-reduce"] = (count_ops(irs, out), time.time() - t0,
                                 crashes(irs, repro, reproducer=True))
            out = os.path.join(work, cname + ".mlir-reduce.mlir")
            t0 = time.time()
            try:
                subprocess.run(
                    ["bash", "-c", "cd %s && %s %s '-reduction-tree=traversal-mode=0 test=%s' -o %s"
                     % (work, args.mlir_reduce, path,
                        os.path.join(work, "mlir-reduce.sh"), out)],
                    capture_output=True, timeout=args.cap)
                res["mlir-reduce"] = (count_ops(irs, out), time.time() - t0,
                                      crashes(irs, out))
            except subprocess.TimeoutExpired:
                res["mlir-reduce"] = (-1, args.cap, False)
            if shutil.which("cvise"):
                c = os.path.join(work, cname + ".cvise.mlir")
                shutil.copy(path, c)
                t0 = time.time()
                try:
                    subprocess.run(["bash", "-c", "cd %s && cvise --n 2 %s %s"
                                    % (work, os.path.join(work, "cvise.sh"), c)],
                                   capture_output=True, timeout=args.cap)
                except subprocess.TimeoutExpired:
                    pass
                res["cvise"] = (count_ops(irs, c), time.time() - t0,
                                crashes(irs, c))
            print("%-12s %-12s %8d %8s" % (cname, "(input)", before, ""))
            for tool, (ops, secs, same) in res.items():
                print("%-12s %-12s %8d %8.1f %6s" % (cname, tool, ops, secs,
                                                    "yes" if same else "NO"))
            others = [v for k, v in res.items() if k != "opt-reduce" and v[2]]
            me = res["opt-reduce"]
            if others:
                best_ops = min(o[0] for o in others)
                fastest = min(o[1] for o in others)
                print("  ratios: ops opt-reduce / best other = %.2f (<= 1.00), "
                      "time opt-reduce / fastest other = %.3f (<= 0.10)"
                      % (me[0] / max(best_ops, 1), me[1] / max(fastest, 1e-9)))
            else:
                print("  no other tool produced a result that still fails the "
                      "same way")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
