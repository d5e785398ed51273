#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Issue 33: a failing step narrowed to one action, against a hand bisection.

For each real case (bench/miscompile/, bench/upstream/) this runs
irscope-opt, which narrows the failing step by itself (<action> in
report.xml), and then does what an engineer would do by hand with upstream
mlir-opt alone: make the pre-step IR, count the step's actions with
--log-actions-to, and bisect --mlir-debug-counter=<tag>-count=K
(single-threaded), judging each K with the step's own oracle (execute and
compare with mlir-runner for a miscompile; the same first error for a
verifier failure). It prints both answers (tag, K of N, pattern or pass,
op) and the runs each took, and checks the bars: same action, and
irscope's runs <= ceil(log2(N)) + 4. It also prints irscope-opt's wall
time per case, meaningful on an idle machine only (the buried case's bar
is 60 s); the bars it checks are counts.

    python3 bench/rewrites.py            # every case
    python3 bench/rewrites.py --tool     # wrong results through --tool too
    python3 bench/rewrites.py --cases while-move-if-down,affine-coalesce
    python3 bench/rewrites.py --reduce   # opt-reduce --miscompile's culprit

With --reduce, each wrong-result case (not the buried one) is reduced by
opt-reduce --miscompile, and the culprit line of its summary is held
against a hand bisection on the reduced result (its culprit step's
pre-step IR, made by mlir-opt from the file opt-reduce wrote).
"""
import argparse
import math
import os
import re
import shutil
import sys
import tempfile
import time
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from miscompile import LLVM, LOWER, LIBS, bury, header, sh  # noqa: E402

MLIR_OPT = LLVM + "/bin/mlir-opt"
PATTERN, PASS = "apply-pattern", "pass-execution"


# name, file, pipeline (or pass flags), the culprit step's pipeline, oracle,
# extra tool arguments, bury
CASES = [
    ("while-move-if-down", "miscompile/while-move-if-down.mlir", None,
     "builtin.module(canonicalize)", "results", [], 0),
    ("while-move-if-down-buried", "miscompile/while-move-if-down.mlir", None,
     "builtin.module(canonicalize)", "results", [], 120),
    ("index-cmp-sub", "miscompile/index-cmp-sub.mlir", None,
     "builtin.module(canonicalize)", "results", [], 0),
    ("affine-coalesce", "upstream/affine-coalesce-iterarg-miscompile.mlir",
     "builtin.module(func.func(affine-loop-coalescing))",
     "builtin.module(func.func(affine-loop-coalescing))", "results", [], 0),
    ("arith-narrow-shift", "upstream/arith-narrow-shift-miscompile.mlir",
     "builtin.module(arith-int-range-narrowing{int-bitwidths-supported=32})",
     "builtin.module(arith-int-range-narrowing{int-bitwidths-supported=32})",
     "results", [], 0),
    ("xegpu-to-xevm-verifier", "upstream/xegpu-to-xevm-verifier.mlir",
     "builtin.module(convert-xegpu-to-xevm)",
     "builtin.module(convert-xegpu-to-xevm)", "verify",
     ["--allow-unregistered-dialect"], 0),
    # Crashes through --tool=mlir-opt (its test passes): the first failing
    # K is the first that crashes (no error line before the signal).
    ("test-unknown-root-bounds", "upstream/test-unknown-root-bounds.mlir",
     "builtin.module(test-legalize-unknown-root-patterns)",
     "builtin.module(test-legalize-unknown-root-patterns)", "verify", [], 0),
    ("test-legalize-callee-results",
     "upstream/test-legalize-callee-results.mlir",
     "builtin.module(test-legalize-patterns)",
     "builtin.module(test-legalize-patterns)", "verify", [], 0),
    ("canon-index-castui", "upstream/canon-index-castui-trunc-miscompile.mlir",
     "builtin.module(canonicalize)", "builtin.module(canonicalize)",
     "results", [], 0),
    ("affine-fusion-producer-call",
     "upstream/affine-fusion-producer-call-miscompile.mlir",
     "builtin.module(func.func(affine-loop-fusion{mode=producer maximal}))",
     "builtin.module(func.func(affine-loop-fusion{mode=producer maximal}))",
     "results", [], 0),
    ("amdgpu-packed-trunc", "upstream/amdgpu-to-rocdl-packed-trunc-undef.mlir",
     "builtin.module(convert-amdgpu-to-rocdl{chipset=gfx942})",
     "builtin.module(convert-amdgpu-to-rocdl{chipset=gfx942})", "verify", [], 0),
    ("rdv-trivial-loop", "upstream/rdv-trivial-loop-null-bound.mlir",
     "builtin.module(remove-dead-values)", "builtin.module(remove-dead-values)",
     "verify", [], 0),
    # A pass that applies no pattern: the wrong run is a pass execution.
    ("affine-tile-unknown-dep",
     "upstream/affine-tile-unknown-dep-miscompile.mlir",
     "builtin.module(func.func(affine-loop-tile{tile-size=4}))",
     "builtin.module(func.func(affine-loop-tile{tile-size=4}))",
     "results", [], 0),
    ("tosa-rescale-i64", "upstream/tosa-rescale-i64-verifier.mlir",
     "builtin.module(func.func(tosa-to-linalg))",
     "builtin.module(func.func(tosa-to-linalg))", "verify", [], 0),
]


def run_ir(text):
    rc, low, _ = sh([MLIR_OPT, "--pass-pipeline=" + LOWER], stdin=text)
    if rc:
        return "lowering failed"
    rc, out, _ = sh([LLVM + "/bin/mlir-runner", "-e", "main",
                     "--entry-point-result=void", "--shared-libs=" + LIBS],
                    stdin=low)
    return out if rc == 0 else "runner exit %d" % rc


def first_error(err):
    m = re.search(r"^[^\n]*?: error: (.*)$", err, re.M)
    return m.group(1) if m else None


class Hand:
    """A hand bisection with upstream mlir-opt's own flags."""

    def __init__(self, pre, step, oracle, args):
        self.pre, self.step, self.oracle, self.args = pre, step, oracle, args
        self.runs = 0
        base = [MLIR_OPT] + args + ["--pass-pipeline=" + step,
                                    "--mlir-disable-threading"]
        self.base = base
        self.ref = run_ir(pre) if oracle == "results" else None
        self.error = None

    def log(self):
        # To stdout, not a file: a step that crashes never flushes a file's
        # buffer, while stdout's lines are there up to the crash.
        _, text, err = sh(self.base + ["--mlir-print-op-generic",
                                       "--mlir-print-debuginfo",
                                       "--log-actions-to=-", "-o", os.devnull],
                          stdin=self.pre)
        self.error = first_error(err)
        self.runs += 1
        out = {PATTERN: [], PASS: []}
        for line in text.splitlines():
            m = re.search(r"begins .*?Action `apply-pattern pattern: (.*?) \((.*)\)`$", line)
            if m:
                out[PATTERN].append((m.group(1), m.group(2)))
                continue
            m = re.search(r"begins .*?Action `pass-execution` running `(.*?)` on "
                          r"Operation `.*?` \((.*)\)`$", line)
            if m:
                out[PASS].append((m.group(1), m.group(2)))
        return out

    def bad(self, tag, k):
        self.runs += 1
        rc, out, err = sh(self.base + ["--mlir-debug-counter=%s-count=%d" % (tag, k)],
                          stdin=self.pre)
        if self.oracle == "results":
            return rc != 0 or run_ir(out) != self.ref
        return rc != 0 and first_error(err) == self.error

    def bisect(self, tag, n):
        if n <= 0 or self.bad(tag, 0):
            return 0
        lo, hi = 0, n
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.bad(tag, mid):
                hi = mid
            else:
                lo = mid
        return hi

    def narrow(self):
        actions = self.log()
        for tag in (PATTERN, PASS):
            n = len(actions[tag])
            if tag == PASS and n < 2:
                break
            k = self.bisect(tag, n)
            if k:
                name, op = actions[tag][k - 1]
                # The whole debug name, as the log prints it and irscope
                # names a pattern (namespaces included).
                return tag, k, n, name or "(unnamed)", op
        return None


def op_name(op):
    m = re.match(r'(?:%[^=]*= )?"([^"]+)"', op)
    return m.group(1) if m else None


def pre_step_ir(path, pipeline, step, args):
    """The IR that goes into the culprit step, made by mlir-opt."""
    inner = pipeline[len("builtin.module("):-1]
    culprit = step[len("builtin.module("):-1]
    if inner == culprit:
        return open(path).read()
    before = inner[:inner.index(culprit)].rstrip(",")
    rc, out, err = sh([MLIR_OPT] + args + ["--mlir-disable-threading",
                      "--pass-pipeline=builtin.module(%s)" % before, path])
    return out if rc == 0 else None


def irscope(irs, path, pipeline, oracle, args, work, tool=False):
    d = os.path.join(work, "fd")
    shutil.rmtree(d, ignore_errors=True)
    cmd = [irs, path, "--pass-pipeline=" + pipeline, "--failure-dir=" + d,
           "-o", os.devnull] + args
    if oracle == "results":
        cmd.append("--check-results")
    if oracle != "results" or tool:
        cmd.append("--tool=" + MLIR_OPT)
    t0 = time.monotonic()
    rc, _, err = sh(cmd, timeout=600)
    # The whole run (the failing step found, then narrowed): the issue's
    # bar for a buried case is 60 s, on an idle machine.
    note = ["irscope-opt wall: %.1f s" % (time.monotonic() - t0)]
    note += [l for l in err.splitlines() if "note: first" in l]
    try:
        act = ET.parse(os.path.join(d, "report.xml")).find(".//action")
    except (OSError, ET.ParseError):
        act = None
    if act is None:
        return None, note, err.strip().splitlines()[-1:]
    return act, note, None


CULPRIT = re.compile(r"^opt-reduce: culprit (?:rewrite|pass execution): "
                     r"(pattern|pass) '(.*)' on '([^']*)'(?: at \S+)? "
                     r"\(#(\d+) of (\d+) in step (\d+)\)$", re.M)


def reduce_case(red, name, path, pipeline, step, args, work):
    """opt-reduce --miscompile's culprit line against a hand bisection on
    the reduced result; returns whether they agree (None: no line)."""
    out = os.path.join(work, name + ".reduced.mlir")
    t0 = time.monotonic()
    rc, _, err = sh([red, path, "--pass-pipeline=" + pipeline, "--miscompile",
                     "-o", out] + args, timeout=900)
    wall = time.monotonic() - t0
    m = re.search(r"^opt-reduce: pipeline: (\S+) \(reduced from", err, re.M)
    reduced = m.group(1) if m else pipeline
    execs = re.search(r"narrowed single-threaded with (\d+) executions", err)
    c = CULPRIT.search(err)
    try:
        pre = pre_step_ir(out, reduced, step, args) if rc == 0 else None
    except ValueError:  # the culprit step is not in the reduced pipeline
        pre = None
    hb = Hand(pre, step, "results", args) if pre else None
    hand = hb.narrow() if hb else None
    mine = ("-" if not c else "%s of %s %s, %s runs" % (
        c.group(4), c.group(5), c.group(2), execs.group(1) if execs else "?"))
    theirs = "-" if not hand else "%d of %d %s, %d runs" % (
        hand[1], hand[2], hand[3], hb.runs)
    same = None
    if c and hand:
        tag = PATTERN if c.group(1) == "pattern" else PASS
        same = (tag == hand[0] and int(c.group(4)) == hand[1] and
                int(c.group(5)) == hand[2] and
                (c.group(2) == hand[3] if tag == PATTERN else
                 c.group(3) == op_name(hand[4])))
    elif not c and not hand:
        same = True  # nothing to tell apart on either side
    print("%-26s %-44s %-44s same:%s" % (
        name, mine, theirs, {True: "yes", False: "NO", None: "NO"}[same]))
    print("    opt-reduce wall: %.1f s; reduced pipeline %s" % (wall, reduced))
    return same


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--irscope-opt", default=os.path.join(
        HERE, "..", "build", "bin", "irscope-opt"))
    ap.add_argument("--cases", default="")
    ap.add_argument("--tool", action="store_true",
                    help="run every case through --tool=mlir-opt (wrong "
                         "results: the tool runs the steps, irscope executes)")
    ap.add_argument("--funcs", type=int, default=None,
                    help="functions around a buried case (default 120)")
    ap.add_argument("--reduce", action="store_true",
                    help="opt-reduce --miscompile's culprit line on each "
                         "wrong-result case, against a hand bisection on "
                         "the reduced result")
    a = ap.parse_args()
    want = set(a.cases.split(",")) - {""}
    work = tempfile.mkdtemp(prefix="rewrites-")
    failed = 0
    if a.reduce:
        red = os.path.join(os.path.dirname(a.irscope_opt), "opt-reduce")
        print("%-26s %-44s %-44s %s" % ("case", "opt-reduce (K of N, name, runs)",
                                        "hand on the result", "bars"))
        for name, rel, pipeline, step, oracle, args, funcs in CASES:
            if oracle != "results" or funcs or (want and name not in want):
                continue
            path = os.path.join(HERE, rel)
            failed += not reduce_case(red, name, path,
                                      pipeline or header(path, "PIPELINE"),
                                      step, args, work)
        shutil.rmtree(work, ignore_errors=True)
        return 1 if failed else 0
    print("%-26s %-8s %-44s %-44s %s" % ("case", "tag", "irscope (K of N, name, runs)",
                                        "hand (K of N, name, runs)", "bars"))
    for name, rel, pipeline, step, oracle, args, funcs in CASES:
        if want and name not in want:
            continue
        path = os.path.join(HERE, rel)
        pipeline = pipeline or header(path, "PIPELINE")
        if funcs:
            buried = os.path.join(work, name + ".mlir")
            bury(path, buried, a.funcs or funcs)
            path = buried
        act, note, why = irscope(a.irscope_opt, path, pipeline, oracle, args,
                                 work, a.tool)
        pre = pre_step_ir(path, pipeline, step, args)
        hand, hand_runs = None, None
        if pre:
            hb = Hand(pre, step, oracle, args)
            hand = hb.narrow()
            hand_runs = hb.runs
        mine = ("-" if act is None else "%s of %s %s, %s runs" % (
            act.get("index"), act.get("of"), act.get("name"), act.get("executions")))
        theirs = ("-" if not hand else "%d of %d %s, %d runs" % (
            hand[1], hand[2], hand[3], hand_runs))
        ok = (act is not None and hand is not None and
              act.get("tag") == hand[0] and int(act.get("index")) == hand[1] and
              int(act.get("of")) == hand[2] and
              # a pass is named by its argument in the report, by its class
              # in mlir-opt's log: the op tells them apart instead
              (act.get("name") == hand[3] if hand[0] == PATTERN else
               act.get("op") == op_name(hand[4])))
        budget = math.ceil(math.log2(max(hand[2], 1))) + 4 if hand else 0
        within = act is not None and int(act.get("executions")) <= budget
        bars = "same:%s runs<=%d:%s" % ("yes" if ok else "NO", budget,
                                        "yes" if within else "NO")
        failed += not (ok and within)
        print("%-26s %-8s %-44s %-44s %s" % (
            name, (hand[0] if hand else "-")[:8], mine, theirs, bars))
        for line in note:
            print("    " + line.strip())
        if why:
            print("    irscope: " + " ".join(why))
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
