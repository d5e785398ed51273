#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""opt-reduce --tool against a greedy line-deleting reducer and mlir-reduce.

Real crashes of a foreign tool, each reduced by three reducers with the
tool as executor:

  oal-test-dialect  mlir-opt -optimize-allocation-liveness on a function
                    that needs mlir-opt's test dialect (llvm/llvm-project
                    #205982), among functions that do not matter;
  test-written-to   mlir-opt -test-written-to, a test-* pass irscope cannot
                    register (llvm/llvm-project#206914), same company;
  fir-alias-tags    fir-opt --fir-add-alias-tags on the HLFIR bbc makes of
                    two Fortran subroutines;
  fir-memref-df     fir-opt --fir-memref-dataflow-opt on the same, lowered
                    to FIR first (--convert-hlfir-to-fir).

Reducers: opt-reduce --tool=TOOL (the tool forked from one start by
its fork server, include/irscope/ForkServer.h); `exec`, the same with
--tool-fork-server=0 (the tool exec'd per run), for reference; `greedy`, bench/linedel.py's greedy
line deleter (runs of lines, halving, then single lines until a pass
deletes nothing), keeping a deletion while the tool still crashes;
mlir-reduce with a test script calling the tool (it cannot read
FIR: no fir dialect, no --allow-unregistered-dialect; shown as n/a).

"Still crashes" means the plain tool dies of the same signal on the result
(run here, not by the reducers). Ops are counted in the tool's generic form.
Bars (issue 13): opt-reduce's ops <= greedy's, opt-reduce's time <= 1/10 of
mlir-reduce's, the result still crashes. Load average is printed: on a busy
machine the ratios hold only roughly.

Usage: bench/reduce_tool.py [--build build] [--cap 900] [--cases a,b] [-j N]
       bench/reduce_tool.py --ab OLD_BUILD [--build build] [--reps 5] [--cases a,b]

--ab: only opt-reduce, the build in OLD_BUILD (a copy of an older build
tree's bin, lib and libexec) against --build, interleaved (old, new, old,
new, ...), each with LD_LIBRARY_PATH set to its own lib (the binaries'
RUNPATH names the tree they were built in); medians of wall and CPU
seconds, the result's size and whether it still crashes, and the load.
"""
import argparse
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import linedel  # noqa: E402  (bench/linedel.py: the greedy reference)

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
LLVM = "/usr/lib/llvm-22/bin"
MLIR_OPT = os.path.join(LLVM, "mlir-opt")
FIR_OPT = os.path.join(LLVM, "fir-opt")
BBC = os.path.join(LLVM, "bbc")
ENV = dict(os.environ, LLVM_DISABLE_SYMBOLIZATION="1")

FILLER = """func.func @other(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %a : i32
  %2 = arith.subi %1, %b : i32
  return %2 : i32
}
func.func private @helper(%a: f32, %b: i32) -> f32 {
  %0 = arith.mulf %a, %a : f32
  %1 = "test.op_a"(%b) {attr = 1 : i32} : (i32) -> i32
  return %0 : f32
}
func.func @caller(%a: f32, %b: i32) -> f32 {
  %0 = func.call @helper(%a, %b) : (f32, i32) -> f32
  %1 = arith.addf %0, %a : f32
  %c = arith.constant 3 : index
  %m = memref.alloc(%c) : memref<?xf32>
  memref.store %1, %m[%c] : memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  return %1 : f32
}
"""

OAL = """func.func @m(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %alloc = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg1 : memref<2xf32>) out(%alloc : memref<2xf32>)
  memref.dealloc %alloc : memref<2xf32>
  cf.br ^bb3(%alloc : memref<2xf32>)
^bb3(%0: memref<2xf32>):
  test.copy(%0, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}
"""

WRITTEN_TO = """func.func @test(%arg0: memref<10xf32>) {
  %c0 = arith.constant {tag = "zero"} 0 : index
  %c1 = arith.constant {tag = "one"} 1 : index
  %c10 = arith.constant {tag = "ten"} 10 : index
  %0 = memref.load %arg0[%c1] : memref<10xf32>
  %1 = memref.load %arg0[%c10] : memref<10xf32>
  %2 = memref.load %arg0[%c0] : memref<10xf32>
  %cst = arith.constant 8.000000e+00 : f32
  %3 = memref.load %arg0[%c1] : memref<10xf32>
  %4 = memref.load %arg0[%c10] : memref<10xf32>
  memref.store %0, %arg0[%c1] : memref<10xf32>
  memref.store %1, %arg0[%c10] : memref<10xf32>
  memref.store %2, %arg0[%c0] : memref<10xf32>
  return
}
"""


def child_cpu():
    """CPU seconds (user + system) of the waited-for children so far."""
    u = resource.getrusage(resource.RUSAGE_CHILDREN)
    return u.ru_utime + u.ru_stime


def crash_signal(tool, args, path):
    """The signal the tool dies of on `path`, 0 if it does not crash."""
    try:
        r = subprocess.run([tool] + args + [path, "-o", os.devnull],
                           capture_output=True, env=ENV, timeout=60)
    except subprocess.TimeoutExpired:
        return 0
    return -r.returncode if r.returncode < 0 else 0


def count_ops(tool, path):
    r = subprocess.run([tool, "--mlir-print-op-generic", path],
                       capture_output=True, text=True, env=ENV)
    if r.returncode != 0:
        return -1
    return len(re.findall(r'^\s*(?:%[^=]*= )?"[A-Za-z_][\w.$]*"\(',
                          r.stdout, re.M))


def greedy(tool, args, path, sig, out, work):
    """bench/linedel.py's greedy line deleter with "the tool still dies of
    `sig`" as its oracle. Returns the number of tests."""
    text, tests, _ = linedel.reduce_lines(
        open(path).read(), lambda c: crash_signal(tool, args, c) == sig, work)
    open(out, "w").write(text)
    return tests


def mlir_reduce(tool, args, path, sig, out, work, cap):
    script = os.path.join(work, "mlir-reduce-test.sh")
    # mlir-reduce: exit 1 means interesting.
    open(script, "w").write(
        "#!/bin/sh\nfor f; do :; done\n"
        "LLVM_DISABLE_SYMBOLIZATION=1 %s %s \"$f\" -o /dev/null 2>/dev/null\n"
        "[ $? -eq %d ] && exit 1\nexit 0\n"
        % (tool, " ".join("'%s'" % a for a in args), 128 + sig))
    os.chmod(script, 0o755)
    t0 = time.time()
    try:
        r = subprocess.run(
            [os.path.join(LLVM, "mlir-reduce"), path,
             "-reduction-tree=traversal-mode=0 test=%s" % script, "-o", out],
            capture_output=True, text=True, timeout=cap, cwd=work)
        ok = r.returncode == 0 and os.path.exists(out)
        why = "" if ok else (r.stderr.strip().splitlines() or ["?"])[0][:70]
    except subprocess.TimeoutExpired:
        ok, why = os.path.exists(out), "stopped at the cap"
    return time.time() - t0, ok, why


def opt_reduce(reducer, tool, targs, path, sig, work, stem, extra):
    out = os.path.join(work, stem + ".mlir")
    cmd = [reducer, path, "--tool=" + tool] + targs + ["-o", out] + extra
    t0, c0 = time.time(), child_cpu()
    r = subprocess.run(cmd + ["-v"], capture_output=True, text=True)
    secs, cpu = time.time() - t0, child_cpu() - c0
    why = "" if r.returncode == 0 else \
        (r.stderr.strip().splitlines() or ["?"])[-1][:70]
    m = re.search(r"(\d+) of (\d+) tests ran in (\d+) batched", r.stderr)
    f = re.search(r"tool fork server: (\d+) runs", r.stderr)
    plain = len(re.findall(r"^opt-reduce: test ", r.stderr, re.M))
    if not why:
        why = "%d tests, %s batches%s" % (
            plain, m.group(3) if m else 0,
            ", %s forks" % f.group(1) if f else "")
    return (count_ops(tool, out), secs, cpu,
            crash_signal(tool, targs, out) == sig, why)


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2


def ab(args, cases, pick, work):
    """Interleaved runs of the old and the new opt-reduce (--ab)."""
    builds = (("old", os.path.abspath(args.ab)),
              ("new", os.path.abspath(args.build)))
    print("load average: %.2f %.2f %.2f" % os.getloadavg())
    for name in pick:
        tool, targs, path = cases[name]
        sig = crash_signal(tool, targs, path)
        got = {who: [] for who, _ in builds}
        for rep in range(args.reps):
            for who, b in builds:
                env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(b, "lib"))
                out = os.path.join(work, "%s.%s.mlir" % (name, who))
                cmd = [os.path.join(b, "bin", "opt-reduce"), path,
                       "--tool=" + tool] + targs + ["-o", out]
                t0, c0 = time.time(), child_cpu()
                r = subprocess.run(cmd, capture_output=True, env=env)
                got[who].append((time.time() - t0, child_cpu() - c0,
                                 r.returncode, out))
        for who, _ in builds:
            runs = got[who]
            out = runs[-1][3]
            print("%-17s %-4s wall %6.3f  cpu %6.3f  (wall %s; cpu %s)  "
                  "ops %d  crashes %s  rc %s" %
                  (name, who, median([x[0] for x in runs]),
                   median([x[1] for x in runs]),
                   " ".join("%.2f" % x[0] for x in runs),
                   " ".join("%.2f" % x[1] for x in runs),
                   count_ops(tool, out),
                   "yes" if crash_signal(tool, targs, out) == sig else "NO",
                   ",".join(str(x[2]) for x in runs)))
        o, n = got["old"], got["new"]
        print("%-17s new/old wall %.3f  cpu %.3f" %
              (name, median([x[0] for x in n]) / median([x[0] for x in o]),
               median([x[1] for x in n]) / median([x[1] for x in o])))
    print("load average: %.2f %.2f %.2f" % os.getloadavg())


def make_cases(work):
    cases = {}
    p = os.path.join(work, "oal-test-dialect.mlir")
    open(p, "w").write(FILLER + OAL)
    cases["oal-test-dialect"] = (MLIR_OPT, ["-optimize-allocation-liveness"], p)
    p = os.path.join(work, "test-written-to.mlir")
    open(p, "w").write(FILLER + WRITTEN_TO)
    cases["test-written-to"] = (MLIR_OPT, ["-test-written-to"], p)
    if os.access(BBC, os.X_OK) and os.access(FIR_OPT, os.X_OK):
        f90 = os.path.join(SRC, "test", "Reduce", "Inputs", "tool-fir.f90")
        hl = os.path.join(work, "fir-alias-tags.fir")
        subprocess.run([BBC, f90, "-o", hl], check=True)
        cases["fir-alias-tags"] = (FIR_OPT, ["--fir-add-alias-tags"], hl)
        fir = os.path.join(work, "fir-memref-df.fir")
        subprocess.run([FIR_OPT, "--convert-hlfir-to-fir", hl, "-o", fir],
                       check=True)
        cases["fir-memref-df"] = (FIR_OPT, ["--fir-memref-dataflow-opt"], fir)
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(SRC, "build"))
    ap.add_argument("--cap", type=float, default=900)
    ap.add_argument("--cases", default="")
    ap.add_argument("-j", default="")
    ap.add_argument("--ab", default="")
    ap.add_argument("--reps", type=int, default=5)
    args = ap.parse_args()
    reducer = os.path.join(args.build, "bin", "opt-reduce")
    work = tempfile.mkdtemp(prefix="reduce-tool-")
    cases = make_cases(work)
    pick = [c for c in args.cases.split(",") if c] or list(cases)
    if args.ab:
        ab(args, cases, pick, work)
        shutil.rmtree(work, ignore_errors=True)
        return
    print("load average: %.2f %.2f %.2f" % os.getloadavg())
    print("%-17s %-12s %6s %8s %7s %6s %s" %
          ("case", "reducer", "ops", "seconds", "cpu s", "crash", "note"))
    bars = []
    for name in pick:
        tool, targs, path = cases[name]
        sig = crash_signal(tool, targs, path)
        if not sig:
            print("%-17s input does not crash: skipped" % name)
            continue
        res = {"input": (count_ops(tool, path), 0.0, 0.0, True, "")}
        for who, extra in (("opt-reduce", []),
                           ("exec", ["--tool-fork-server=0"])):
            res[who] = opt_reduce(reducer, tool, targs, path, sig, work,
                                  name + "." + who, extra + (
                                      ["-j" + args.j] if args.j else []))
        out = os.path.join(work, name + ".greedy.mlir")
        t0, c0 = time.time(), child_cpu()
        n = greedy(tool, targs, path, sig, out, work)
        res["greedy"] = (count_ops(tool, out), time.time() - t0,
                         child_cpu() - c0,
                         crash_signal(tool, targs, out) == sig,
                         "%d tests" % n)
        out = os.path.join(work, name + ".mlir-reduce.mlir")
        c0 = child_cpu()
        secs, ok, why = mlir_reduce(tool, targs, path, sig, out, work,
                                    args.cap)
        res["mlir-reduce"] = (count_ops(tool, out) if ok else -1, secs,
                              child_cpu() - c0,
                              ok and crash_signal(tool, targs, out) == sig,
                              why if not ok else "")
        for who, (ops, secs, cpu, same, note) in res.items():
            print("%-17s %-12s %6s %8.1f %7.2f %6s %s" %
                  (name, who, ops if ops >= 0 else "n/a", secs, cpu,
                   "yes" if same else "NO", note))
        me, gr, mr = res["opt-reduce"], res["greedy"], res["mlir-reduce"]
        ex = res["exec"]
        ok_mr = mr[0] >= 0 and mr[1] > 0
        bars.append((name, me[3], me[0] <= gr[0] and me[0] >= 0,
                     me[1] / mr[1] if ok_mr else None,
                     me[2] / mr[2] if ok_mr and mr[2] > 0 else None,
                     me[1] / gr[1] if gr[1] > 0 else None,
                     me[2] / gr[2] if gr[2] > 0 else None,
                     ex[1] / mr[1] if ok_mr else None,
                     ex[2] / mr[2] if ok_mr and mr[2] > 0 else None))
    print("load average: %.2f %.2f %.2f" % os.getloadavg())
    print("\nbars: result still crashes; ops <= greedy; time <= 1/10 "
          "mlir-reduce")
    for (name, crash, small, ratio, cratio, gratio, gcratio, eratio,
         ecratio) in bars:
        print("  %-17s crashes %-3s ops<=greedy %-3s time/mlir-reduce %s"
              " (cpu %s); time/greedy %.3f (cpu %.3f)" %
              (name, "yes" if crash else "NO", "yes" if small else "NO",
               "%.3f (%s)" % (ratio, "ok" if ratio <= 0.1 else "NOT MET")
               if ratio is not None else "n/a (mlir-reduce cannot read it)",
               "%.3f" % cratio if cratio is not None else "n/a",
               gratio or 0, gcratio or 0))
        if eratio is not None:
            print("  %-17s without the fork server: time/mlir-reduce %.3f "
                  "(cpu %.3f)" % ("", eratio, ecratio or 0))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
