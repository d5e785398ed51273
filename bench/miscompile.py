#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Wrong results (issue 14): irscope-opt --check-results and opt-reduce
--miscompile on real upstream MLIR miscompiles that reproduce with MLIR
22.1 (bench/miscompile/*.mlir, each headed by its issue, its PIPELINE: the
miscompiling pass among innocent ones, and its CULPRIT), alone and buried in
a generated module of --funcs other functions that @main also calls and
prints. Against a hand-written interestingness script around mlir-reduce
on the same cases. A case may name its LOWERING (default: LOWER below),
e.g. with one-shot-bufferize in front for tensor code.

Per case it checks first, with upstream tools only, that the bug
reproduces: mlir-opt's lowering + mlir-runner print one thing for the
input and another after the pipeline, and the innocent passes alone do not
change it. Then:

- --check-results: the step it names (must be the culprit), executions
  (bar: <= ceil(log2(steps)) + 3), and whether its expected/actual outputs
  are what mlir-runner prints for the IR before and after that step;
- opt-reduce --miscompile: ops before -> after (bar: <= 25), wall seconds
  (bar for buried cases: <= 60) and CPU seconds (user + system of it and
  its workers, steadier under load), whether the result still miscompiles
  under upstream mlir-opt + mlir-runner with the reduced pipeline, and
  whether it is deterministic: its reference prints the same under
  MALLOC_PERTURB_=90 and 165 (fresh processes, so address-space layouts
  differ too) and its buggy run differs from that each time (bar: both);
- mlir-reduce with the same question asked by a shell script: ops,
  seconds (capped by --cap), still miscompiling.

Timings depend on the load: the script prints `uptime` first and last.
"""
import argparse
import math
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from reduce import count_ops  # noqa: E402  (irscope-opt's irs-op-stats)
LLVM = "/usr/lib/llvm-22"
LOWER = ("builtin.module(convert-vector-to-scf,lower-affine,convert-scf-to-cf,"
         "convert-vector-to-llvm,convert-math-to-llvm,expand-strided-metadata,"
         "finalize-memref-to-llvm,convert-index-to-llvm,convert-arith-to-llvm,"
         "convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)")
LIBS = "%s/lib/libmlir_c_runner_utils.so,%s/lib/libmlir_runner_utils.so" % (LLVM, LLVM)


PERTURB = (90, 165)  # 0x5a, 0xa5: the two heap fillings of the check


def sh(cmd, stdin=None, timeout=60, env=None):
    try:
        r = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                           timeout=timeout, env=env)
        return r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        return -1, "", "timeout"


def run_upstream(path, pipeline=None, lower=None, perturb=None):
    """What mlir-runner prints for `path` (after `pipeline` if given),
    lowered by `lower` (default LOWER), with MALLOC_PERTURB_=`perturb` if
    given."""
    text = open(path).read()
    if pipeline:
        rc, text, err = sh([LLVM + "/bin/mlir-opt", "--pass-pipeline=" + pipeline],
                           stdin=text)
        if rc:
            return None
    rc, low, _ = sh([LLVM + "/bin/mlir-opt", "--pass-pipeline=" + (lower or LOWER)],
                    stdin=text)
    if rc:
        return None
    env = None
    if perturb is not None:
        env = dict(os.environ, MALLOC_PERTURB_=str(perturb))
    rc, out, _ = sh([LLVM + "/bin/mlir-runner", "-e", "main",
                     "--entry-point-result=void", "--shared-libs=" + LIBS],
                    stdin=low, env=env)
    return out if rc == 0 else None


def header(path, key):
    m = re.search(r"^// %s: (.*)$" % key, open(path).read(), re.M)
    return m.group(1).strip() if m else None


def steps_of(pipeline):
    inner = pipeline[len("builtin.module("):-1]
    return inner.split(",")


def bury(src, dst, funcs):
    """The case's code with its @main renamed, among `funcs` functions that
    a new @main calls and prints first."""
    body = "\n".join(l for l in open(src).read().splitlines()
                     if not l.startswith("//"))
    body = re.sub(r"@main\b", "@bug_main", body)
    out = [body]
    for i in range(funcs):
        out.append(
            "func.func @f%d(%%x: i64) -> i64 {\n"
            "  %%k1 = arith.constant %d : i64\n"
            "  %%k2 = arith.constant %d : i64\n"
            "  %%c0 = arith.constant 0 : index\n"
            "  %%c1 = arith.constant 1 : index\n"
            "  %%c3 = arith.constant 3 : index\n"
            "  %%a = arith.muli %%x, %%k1 : i64\n"
            "  %%b = arith.addi %%a, %%k2 : i64\n"
            "  %%s = scf.for %%j = %%c0 to %%c3 step %%c1 iter_args(%%acc = %%b) -> (i64) {\n"
            "    %%t = arith.xori %%acc, %%k1 : i64\n"
            "    %%u = arith.addi %%t, %%x : i64\n"
            "    scf.yield %%u : i64\n"
            "  }\n"
            "  return %%s : i64\n"
            "}\n" % (i, i % 7 + 2, 3 * i + 1))
    main = ["func.func @main() {"]
    for i in range(funcs):
        main.append("  %%c%d = arith.constant %d : i64" % (i, i + 5))
        main.append("  %%r%d = call @f%d(%%c%d) : (i64) -> i64" % (i, i, i))
        main.append("  vector.print %%r%d : i64" % i)
    main.append("  call @bug_main() : () -> ()")
    main.append("  return")
    main.append("}")
    out.append("\n".join(main))
    open(dst, "w").write("\n".join(out) + "\n")


def still_miscompiles(path, pipeline, lower=None):
    a, b = run_upstream(path, None, lower), run_upstream(path, pipeline, lower)
    return a is not None and b is not None and a != b


def deterministic(path, pipeline, lower=None):
    """Whether the reference gives one output under every PERTURB filling
    and the buggy run another under each: a result that reads memory
    nothing wrote prints what the heap (and the address-space layout of
    the process) left there."""
    refs = [run_upstream(path, None, lower, p) for p in PERTURB]
    bads = [run_upstream(path, pipeline, lower, p) for p in PERTURB]
    return (refs[0] is not None and all(r == refs[0] for r in refs) and
            all(b is not None and b != refs[0] for b in bads))


def lowering_args(lower):
    return ["--exec-lowering=" + lower] if lower else []


def check_results(irs, path, pipeline, work, lower=None):
    d = os.path.join(work, "cr")
    shutil.rmtree(d, ignore_errors=True)
    rc, _, err = sh([irs, path, "--pass-pipeline=" + pipeline, "--check-results",
                     "--failure-dir=" + d, "-o", os.devnull] +
                    lowering_args(lower), timeout=300)
    m = re.search(r"step (\d+) '([^']*)' changed the results", err)
    e = re.search(r"found with (\d+) executions", err)
    if rc != 9 or not m:
        return None, None, None, False, err.strip().splitlines()[-1:]
    step, text = int(m.group(1)), m.group(2)
    pre = os.path.join(d, "failure-input.mlir")
    exp = run_upstream(pre, None, lower)
    act = run_upstream(pre, text, lower)
    same = (exp == open(os.path.join(d, "expected-output.txt")).read() and
            act == open(os.path.join(d, "actual-output.txt")).read())
    return step, text, int(e.group(1)) if e else None, same, None


def children_cpu():
    """CPU seconds (user + system) of the children reaped so far: opt-reduce
    waits for its workers and their execution workers, so their time is in
    it too."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def opt_reduce(tool, path, pipeline, work, lower=None):
    """ops, wall seconds, CPU seconds, still miscompiles, deterministic,
    pipeline, error."""
    out = os.path.join(work, "red.mlir")
    lit = os.path.join(work, "red.lit.mlir")
    t, c = time.monotonic(), children_cpu()
    rc, _, err = sh([tool, path, "--pass-pipeline=" + pipeline, "--miscompile",
                     "-o", out, "--emit-lit-test=" + lit] + lowering_args(lower),
                    timeout=1800)
    secs, cpu = time.monotonic() - t, children_cpu() - c
    if rc != 0:
        return -1, secs, cpu, False, False, "", err.strip().splitlines()[-1:]
    m = re.search(r"--pass-pipeline='([^']*)'", open(lit).read())
    red = m.group(1) if m else pipeline
    return (count_ops(IRS, out), secs, cpu, still_miscompiles(out, red, lower),
            deterministic(out, red, lower), red, None)


def mlir_reduce(path, pipeline, work, cap, lower=None):
    s = os.path.join(work, "interesting.sh")
    open(s, "w").write(
        "#!/bin/sh\n"
        "# Interesting (exit 1, mlir-reduce's convention) when the candidate\n"
        "# runs cleanly before and after the pipeline and prints differently.\n"
        "B=%s/bin\nL='%s'\nR=\"$B/mlir-runner -e main --entry-point-result=void"
        " --shared-libs=%s\"\n"
        "a=$(\"$B/mlir-opt\" \"$1\" --pass-pipeline=\"$L\" | timeout 10 $R) || exit 0\n"
        "b=$(\"$B/mlir-opt\" \"$1\" --pass-pipeline='%s' | \"$B/mlir-opt\" "
        "--pass-pipeline=\"$L\" | timeout 10 $R) || exit 0\n"
        "[ \"$a\" != \"$b\" ] && exit 1\nexit 0\n" % (LLVM, lower or LOWER, LIBS,
                                                       pipeline))
    os.chmod(s, 0o755)
    out = os.path.join(work, "mr.mlir")
    t = time.monotonic()
    rc, _, _ = sh([LLVM + "/bin/mlir-reduce", path,
                   "-reduction-tree=traversal-mode=0 test=%s" % s, "-o", out],
                  timeout=cap)
    secs = time.monotonic() - t
    if not os.path.exists(out):
        return -1, secs, False, rc == -1
    return (count_ops(IRS, out), secs, still_miscompiles(out, pipeline, lower),
            rc == -1)


def main():
    global IRS
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--funcs", type=int, default=120)
    ap.add_argument("--cap", type=float, default=300,
                    help="seconds mlir-reduce may take per case")
    ap.add_argument("--no-mlir-reduce", action="store_true")
    ap.add_argument("--cases", default="", help="comma-separated name filter")
    args = ap.parse_args()
    IRS = os.path.join(args.build, "bin", "irscope-opt")
    reducer = os.path.join(args.build, "bin", "opt-reduce")
    print("load before:", os.popen("uptime").read().strip())
    work = tempfile.mkdtemp(prefix="irs-miscompile-")
    cases = []
    for f in sorted(os.listdir(os.path.join(HERE, "miscompile"))):
        if not f.endswith(".mlir"):
            continue
        src = os.path.join(HERE, "miscompile", f)
        name = f[:-5]
        cases.append((name, src))
        buried = os.path.join(work, name + "-buried.mlir")
        bury(src, buried, args.funcs)
        cases.append((name + "-buried", buried))
    bars_ok = True
    for name, path in cases:
        if args.cases and not any(c in name for c in args.cases.split(",")):
            continue
        base = name.replace("-buried", "")
        src = os.path.join(HERE, "miscompile", base + ".mlir")
        pipeline, culprit = header(src, "PIPELINE"), header(src, "CULPRIT")
        lower = header(src, "LOWERING")
        steps = steps_of(pipeline)
        innocent = "builtin.module(%s)" % ",".join(s for s in steps if s != culprit)
        cw = os.path.join(work, name)
        os.makedirs(cw)
        ref = run_upstream(path, None, lower)
        bad = run_upstream(path, pipeline, lower)
        inn = run_upstream(path, innocent, lower)
        repro = ref is not None and bad is not None and ref != bad and inn == ref
        print("\n== %s (%d ops, %d steps): upstream reproduces: %s" %
              (name, count_ops(IRS, path), len(steps), repro))
        step, text, execs, same, err = check_results(IRS, path, pipeline, cw,
                                                     lower)
        bar = math.ceil(math.log2(len(steps))) + 3
        named = step is not None and steps[step - 1] == culprit
        print("  check-results: step %s %s, %s executions (bar <= %d), outputs "
              "match mlir-runner: %s%s" % (step, text, execs, bar, same,
                                           " " + str(err) if err else ""))
        load = os.getloadavg()[0]
        ops, secs, cpu, still, det, red, err = opt_reduce(reducer, path,
                                                          pipeline, cw, lower)
        print("  opt-reduce --miscompile: %d ops, %.1f s wall, %.1f s CPU "
              "(load %.1f -> %.1f), still miscompiles upstream: %s, "
              "deterministic under MALLOC_PERTURB_=%s: %s, pipeline %s%s" %
              (ops, secs, cpu, load, os.getloadavg()[0], still,
               "/".join(str(p) for p in PERTURB), det, red,
               " " + str(err) if err else ""))
        ok = (repro and named and execs is not None and execs <= bar and same and
              0 <= ops <= 25 and still and det and
              (not name.endswith("-buried") or secs <= 60))
        bars_ok = bars_ok and ok
        if not args.no_mlir_reduce:
            mops, msecs, mstill, capped = mlir_reduce(path, pipeline, cw, args.cap,
                                                      lower)
            print("  mlir-reduce + script: %d ops, %.1f s%s, still miscompiles "
                  "upstream: %s" % (mops, msecs, " (capped)" if capped else "",
                                    mstill))
        print("  bars: %s" % ("met" if ok else "NOT met"))
    print("\nall bars met: %s" % bars_ok)
    print("load after:", os.popen("uptime").read().strip())
    print("work directory:", work)


if __name__ == "__main__":
    main()
