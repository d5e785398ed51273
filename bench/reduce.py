#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""opt-reduce against mlir-reduce and C-Vise, same cases, same run.

For every case each tool reduces the same input for the same failure; the
benchmark prints the final size (ops) and wall time of each, and the ratios
the reducer issue sets: opt-reduce's ops <= the smaller of the others'
(mlir-reduce, C-Vise, and a greedy line deleter, bench/linedel.py, with
the same signature as its oracle), opt-reduce's time <= 1/10 of the faster
other tool (the line deleter's time is not counted), and for the buried
crash <= 15 ops in <= 30 s. Every result is re-run and its failure
signature (kind, failing pass, signal, first error with numbers and SSA
names masked) compared with the input's: a tool whose result slides to
another failure is marked NO and is not counted.

Cases:
  crash      a crash snippet (irs-test-crash on math.sqrt) with some other
             functions, under a pipeline with steps before and after it;
  hang       the same snippet, the pass hangs instead (irs-test-hang), under
             a step timeout of --hang-timeout seconds;
  buried-Nk  the crash snippet buried in a generated module of --lines lines
             (bench/gen_module.py), same pipeline.

The reference tools are stopped after --cap seconds (default 900; 60 with
--quick) and their best result so far is scored. C-Vise is skipped when
`cvise` is not installed.

Usage: bench/reduce.py [--build build] [--lines 20000] [--cap 900] [--quick]
                       [--cases crash,hang,buried] [-j N]
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import linedel  # noqa: E402  (the greedy line-deleting reference)
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
AROUND = ("builtin.module(func.func(canonicalize,cse),inline,"
          "func.func(%s),symbol-dce,canonicalize)")
CRASH = AROUND % "irs-test-crash{op=math.sqrt}"
HANG = AROUND % "irs-test-hang{op=math.sqrt}"
FLAKY_RATE = 0.05
FLAKY = AROUND % ("irs-test-flaky{op=math.sqrt rate=%g mode=crash}"
                  % FLAKY_RATE)
# opt-reduce first checks the input in --test-runs runs and stops if none
# fails: at a 5% rate, 60 runs miss in 0.95^60 = 4.6% of benchmarks. The
# default run count is the smallest with a miss chance below this.
FLAKY_MISS = 1e-4


def runs_for(rate, miss):
    """The fewest runs K with (1 - rate)^K < miss."""
    return int(math.floor(math.log(miss) / math.log(1.0 - rate))) + 1

# Real MLIR 22.1.8 bugs (test/CrashSafety/upstream-*.mlir), each with a
# pipeline around the failing pass; the same function is also buried in the
# generated module.
SCCP = """func.func @vx() -> vector<2xi32> {
  %c = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %i = arith.constant -1 : index
  %j = arith.constant -1 : index
  %r = vector.extract %c[%j] : vector<2xi32> from vector<2x2xi32>
  return %r : vector<2xi32>
}
"""
# Not inline or canonicalize before sccp: they fold the op too, and crash.
SCCP_PIPE = "builtin.module(func.func(cse),sccp,symbol-dce,cse)"
INTRANGE = """func.func @ir(%x: index) -> index {
  %c0 = arith.constant 0 : index
  %r = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%x)[%c0]
  return %r : index
}
"""
INTRANGE_PIPE = ("builtin.module(func.func(canonicalize),"
                 "int-range-optimizations,cse,symbol-dce)")
CANON_HANG = """func.func @loop(%c: i1) {
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i32
  %true = arith.constant true
  cf.cond_br %true, ^exit, ^header(%c1 : i32)
^header(%iv: i32):
  cf.cond_br %c, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %one : i32
  cf.br ^header(%next : i32)
^exit:
  return
}
"""
CANON_HANG_PIPE = "builtin.module(cse,func.func(canonicalize),symbol-dce)"


def normalise(msg):
    msg = re.sub(r"%[A-Za-z0-9_#]*", "%", msg)
    return re.sub(r"[0-9][A-Za-z0-9]*", "N", msg)


def signature(irs, path, pipeline, step_timeout, work, reproducer=False):
    """(kind, pass, signal, message) of running `pipeline` on `path` (or the
    reproducer at `path`) under irscope-opt with crash protection."""
    fd = tempfile.mkdtemp(prefix="fd-", dir=work)
    cmd = [irs, path, "-o", os.devnull, "--failure-dir=" + fd,
           "--step-timeout=%g" % step_timeout]
    cmd += ["--run-reproducer"] if reproducer else ["--pass-pipeline=" + pipeline]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=step_timeout * 4 + 120)
    except subprocess.TimeoutExpired:
        return ("hung", "", "", "")
    finally:
        shutil.rmtree(fd, ignore_errors=True)
    kind = {0: "ok", 1: "pass-failure", 3: "verify-failure", 5: "crash",
            6: "timeout", 7: "memory-limit"}.get(r.returncode,
                                                "exit %d" % r.returncode)
    m = re.search(r"step \d+ '(.*)' (crashed with (\w+)|timed out|failed)",
                  r.stderr)
    pss = sig = ""
    if m:
        p = re.search(r"([\w.-]+)(\{[^{}]*\})?\)*$", m.group(1))
        pss = p.group(1) if p else m.group(1)
        sig = m.group(3) or ""
    first = ""
    for line in r.stderr.splitlines():
        e = line.find("error: ")
        if e >= 0 and not line.startswith("irscope-opt:"):
            first = normalise(line[e + 7:])
            break
    return (kind, pss, sig, first)


def count_ops(irs, path):
    r = subprocess.run([irs, path, "--crash-protection=0",
                        "--pass-pipeline=builtin.module(irs-op-stats)",
                        "-o", os.devnull], capture_output=True, text=True)
    m = re.search(r"op statistics: (\d+) operations", r.stderr)
    return int(m.group(1)) if m else -1


def write_script(path, irs, pipeline, kind, step_timeout, yes, no, target,
                 pss):
    """An interestingness test: exit `yes` when irscope-opt fails on the
    candidate (`target`, or the last argument if empty) with `kind` in a
    step whose pipeline names `pss`, `no` otherwise."""
    rc = {"crash": 5, "timeout": 6}[kind]
    f = '"%s"' % target if target else '"$f"'
    open(path, "w").write(
        "#!/bin/sh\nfor f; do :; done\n"
        "d=$(mktemp -d) || exit %d\n"
        "%s %s --pass-pipeline='%s' --step-timeout=%g --failure-dir=\"$d\" "
        "-o /dev/null 2>\"$d/err\"\nrc=$?\n"
        "grep -q \"step [0-9]* '.*%s.*'\" \"$d/err\"; g=$?\nrm -rf \"$d\"\n"
        "[ $rc -eq %d ] && [ $g -eq 0 ] && exit %d\nexit %d\n"
        % (no, irs, f, pipeline, step_timeout, pss, rc, yes, no))
    os.chmod(path, 0o755)


def run_capped(cmd, cap, cwd):
    t0 = time.time()
    try:
        subprocess.run(cmd, capture_output=True, timeout=cap, cwd=cwd)
        capped = False
    except subprocess.TimeoutExpired:
        capped = True
    return time.time() - t0, capped


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mlir-reduce", default="/usr/lib/llvm-22/bin/mlir-reduce")
    ap.add_argument("--lines", type=int, default=20000)
    ap.add_argument("--cap", type=float, default=None,
                    help="seconds before another tool is stopped "
                         "(default 900, 60 with --quick)")
    ap.add_argument("--quick", action="store_true",
                    help="cap the other tools at 60 s")
    ap.add_argument("--hang-timeout", type=float, default=1.0)
    ap.add_argument("--cases", default="crash,hang,buried,sccp,intrange,"
                    "canon-hang,buried-sccp,buried-intrange,flaky-buried",
                    help="comma-separated; flaky-buried runs opt-reduce only "
                    "(a 5%%-flaky crash: the other tools have no notion of "
                    "failure rates)")
    ap.add_argument("--test-runs", type=int,
                    default=runs_for(FLAKY_RATE, FLAKY_MISS),
                    help="opt-reduce --test-runs for the flaky case (default "
                    "%(default)s: the input check misses the 5%% crash in "
                    "fewer than 1 in 10^4 benchmarks)")
    ap.add_argument("-j", type=int, default=0,
                    help="opt-reduce -j (default: its own, online CPUs)")
    args = ap.parse_args()
    cap = args.cap if args.cap is not None else (60.0 if args.quick else 900.0)
    irs = os.path.abspath(os.path.join(args.build, "bin", "irscope-opt"))
    red = os.path.abspath(os.path.join(args.build, "bin", "opt-reduce"))
    cvise = shutil.which("cvise")
    work = tempfile.mkdtemp(prefix="irscope-reduce-bench-")
    print("reference tools capped at %g s; opt-reduce %s; load average %s"
          % (cap, "-j %d" % args.j if args.j else "default -j",
             " ".join(open("/proc/loadavg").read().split()[:3])))
    try:
        cases = []
        wanted = args.cases.split(",")
        if "crash" in wanted:
            p = os.path.join(work, "crash.mlir")
            open(p, "w").write(SNIPPET + SMALL_EXTRA)
            cases.append(("crash", p, CRASH, "crash", "irs-test-crash"))
        if "hang" in wanted:
            p = os.path.join(work, "hang.mlir")
            open(p, "w").write(SNIPPET + SMALL_EXTRA)
            cases.append(("hang", p, HANG, "timeout", "irs-test-hang"))
        gen = []

        def bury(name, snippet):
            if not gen:
                g = os.path.join(work, "gen.mlir")
                subprocess.run([sys.executable,
                                os.path.join(HERE, "gen_module.py"),
                                "--lines", str(args.lines), "-o", g],
                               check=True)
                gen.append(open(g).read().split("\n"))
            lines = list(gen[0])
            i = len(lines) // 2
            while not lines[i].startswith("func.func"):
                i += 1
            lines.insert(i, snippet)
            b = os.path.join(work, name + ".mlir")
            open(b, "w").write("\n".join(lines))
            return b

        def small(name, snippet):
            p = os.path.join(work, name + ".mlir")
            open(p, "w").write(snippet + SMALL_EXTRA)
            return p
        k = "%dk" % (args.lines // 1000)
        if "buried" in wanted:
            cases.append(("buried-" + k, bury("buried", SNIPPET), CRASH,
                          "crash", "irs-test-crash"))
        if "sccp" in wanted:
            cases.append(("sccp", small("sccp", SCCP), SCCP_PIPE, "crash",
                          "sccp"))
        if "intrange" in wanted:
            cases.append(("intrange", small("intrange", INTRANGE),
                          INTRANGE_PIPE, "crash", "int-range-optimizations"))
        if "canon-hang" in wanted:
            cases.append(("canon-hang", small("canon-hang", CANON_HANG),
                          CANON_HANG_PIPE, "timeout", "canonicalize"))
        if "buried-sccp" in wanted:
            cases.append(("buried-sccp-" + k, bury("buried-sccp", SCCP),
                          SCCP_PIPE, "crash", "sccp"))
        if "buried-intrange" in wanted:
            cases.append(("buried-intrange-" + k,
                          bury("buried-intrange", INTRANGE), INTRANGE_PIPE,
                          "crash", "int-range-optimizations"))
        flaky = "flaky-buried" in wanted
        bars_ok = True
        mine = {}
        print("%-11s %-12s %8s %9s %6s" % ("case", "tool", "ops", "seconds",
                                            "same?"))
        for cname, path, pipe, kind, pss in cases:
            # The step timeout: the hang's own; for crashes only a guard
            # far above any step's time.
            st = args.hang_timeout if kind == "timeout" else 300.0
            want = signature(irs, path, pipe, st, work)
            before = count_ops(irs, path)
            if want[0] != kind:
                print("%-11s the input does not fail as expected (%s): skipped"
                      % (cname, want[0]))
                bars_ok = False
                continue
            print("%-11s %-12s %8d %9s %6s   signature: %s" %
                  (cname, "(input)", before, "", "", "/".join(x for x in want if x)))
            res = {}
            # opt-reduce: its -o is the reduced module, its reproducer the
            # reduced module with the reduced pipeline: the signature is
            # checked on the reproducer.
            out = os.path.join(work, cname + ".opt-reduce.mlir")
            repro = out + ".repro"
            cmd = [red, path, "--pass-pipeline=" + pipe, "-o", out,
                   "--reproducer=" + repro]
            if kind == "timeout":
                cmd.append("--test-timeout=%g" % st)
            if args.j:
                cmd.append("-j%d" % args.j)
            t0 = time.time()
            r = subprocess.run(cmd, capture_output=True, text=True)
            secs = time.time() - t0
            if r.returncode != 0:
                print("  opt-reduce failed (exit %d): %s" %
                      (r.returncode, r.stderr.strip().splitlines()[-1:]))
            res["opt-reduce"] = (count_ops(irs, out), secs,
                                 signature(irs, repro, pipe, st, work, True) == want,
                                 False)
            # mlir-reduce (test exit 1 = interesting).
            s = os.path.join(work, cname + ".mlir-reduce.sh")
            write_script(s, irs, pipe, kind, st, 1, 0, "", pss)
            out = os.path.join(work, cname + ".mlir-reduce.mlir")
            secs, capped = run_capped(
                [args.mlir_reduce, path,
                 "-reduction-tree=traversal-mode=0 test=%s" % s, "-o", out],
                cap, work)
            res["mlir-reduce"] = (count_ops(irs, out) if os.path.exists(out) else -1,
                                  secs, os.path.exists(out) and
                                  signature(irs, out, pipe, st, work) == want,
                                  capped)
            # The greedy line deleter (bench/linedel.py) with the same
            # signature as its oracle: the floor a structured reducer must
            # reach (its time is not a bar, only its size).
            t0 = time.time()
            text, _, capped = linedel.reduce_lines(
                open(path).read(),
                lambda p: signature(irs, p, pipe, st, work) == want, work,
                deadline=time.monotonic() + cap)
            out = os.path.join(work, cname + ".linedel.mlir")
            open(out, "w").write(text)
            res["linedel"] = (count_ops(irs, out), time.time() - t0,
                              signature(irs, out, pipe, st, work) == want,
                              capped)
            # C-Vise reduces the file in place, in a copy in its own
            # directory, and runs the test there without arguments.
            if cvise:
                cdir = tempfile.mkdtemp(prefix="cvise-", dir=work)
                c = os.path.join(cdir, "case.mlir")
                shutil.copy(path, c)
                s = os.path.join(work, cname + ".cvise.sh")
                write_script(s, irs, pipe, kind, st, 0, 1, "case.mlir", pss)
                secs, capped = run_capped(
                    [cvise, "--n", "2", "--not-c", s, "case.mlir"], cap, cdir)
                res["cvise"] = (count_ops(irs, c), secs,
                                signature(irs, c, pipe, st, work) == want,
                                capped)
            for tool, (ops, secs, same, capped) in res.items():
                print("%-11s %-12s %8d %9.1f %6s%s" %
                      (cname, tool, ops, secs, "yes" if same else "NO",
                       "   (stopped at the cap)" if capped else ""))
            me = res["opt-reduce"]
            others = [v for k, v in res.items() if k != "opt-reduce" and v[2]
                      and v[0] > 0]
            if others:
                best_ops = min(o[0] for o in others)
                # The line deleter is a size reference only.
                fastest = min([o[1] for k, o in res.items()
                               if k not in ("opt-reduce", "linedel") and o[2]
                               and o[0] > 0] or [float("inf")])
                ops_ok = me[2] and me[0] <= best_ops
                time_ok = me[2] and me[1] <= fastest / 10
                bars_ok &= ops_ok and time_ok
                print("  ops opt-reduce / best other = %d / %d (bar <= 1: %s); "
                      "time opt-reduce / fastest other = %.1f / %.1f = %.3f "
                      "(bar <= 0.10: %s)"
                      % (me[0], best_ops, "ok" if ops_ok else "MISSED",
                         me[1], fastest, me[1] / max(fastest, 1e-9),
                         "ok" if time_ok else "MISSED"))
            else:
                print("  no other tool produced a result that still fails "
                      "the same way")
            mine[cname] = me
            if cname.startswith("buried"):
                ok = me[2] and 0 < me[0] <= 15 and me[1] <= 30
                bars_ok &= ok
                print("  buried bar (<= 15 ops in <= 30 s): %d ops in %.1f s: %s"
                      % (me[0], me[1], "ok" if ok else "MISSED"))
                # The same bug reduced from its small snippet.
                snip = {"buried": "crash", "buried-sccp": "sccp",
                        "buried-intrange": "intrange"}.get(
                            cname.rsplit("-", 1)[0])
                if snip in mine:
                    same = mine[snip][0] == me[0]
                    bars_ok &= same
                    print("  buried result / snippet result = %d / %d ops "
                          "(bar: equal): %s" % (me[0], mine[snip][0],
                                                "ok" if same else "MISSED"))
        if flaky:
            b = bury("flaky-buried", SNIPPET)
            out = os.path.join(work, "flaky.opt-reduce.mlir")
            cmd = [red, b, "--pass-pipeline=" + FLAKY, "-o", out,
                   "--test-runs=%d" % args.test_runs]
            if args.j:
                cmd.append("-j%d" % args.j)
            t0 = time.time()
            r = subprocess.run(cmd, capture_output=True, text=True)
            secs = time.time() - t0
            ops = count_ops(irs, out) if r.returncode == 0 else -1
            rates = [l for l in r.stderr.splitlines() if "rate" in l]
            ok = r.returncode == 0 and 0 < ops <= 15 and secs <= 300
            bars_ok &= ok
            print("flaky-buried-%dk (5%% crash, --test-runs=%d, input "
                  "check misses with p=%.1e): %d ops in %.1f s (bar <= 15 "
                  "ops in <= 300 s: %s)"
                  % (args.lines // 1000, args.test_runs,
                     (1.0 - FLAKY_RATE) ** args.test_runs, ops, secs,
                     "ok" if ok else "MISSED"))
            for l in rates:
                print("  " + l)
            if r.returncode != 0:
                print("  opt-reduce failed (exit %d): %s" %
                      (r.returncode, r.stderr.strip().splitlines()[-1:]))
        print("all bars met" if bars_ok else "some bars MISSED")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
