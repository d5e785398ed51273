#!/usr/bin/env python3
"""Run real upstream MLIR bug reproducers through mlir-opt, irscope-opt and
opt-reduce and print one table row per case.

Each case is one .mlir file in this directory whose header names the issue,
the original command and what MLIR 22.1 does with it, plus two lines this
script reads:

  // ARGS: <flags>        the mlir-opt flags (pipeline and others), shell-split
  // TIMEOUT: <seconds>   the case hangs: per-step limit for irscope-opt
                          (--step-timeout) and opt-reduce (--test-timeout)

and two optional ones:

  // TOOL: <name>         the input or a pass needs that tool of
                          /usr/lib/llvm-22/bin (mlir-opt for its test
                          dialect, fir-opt): it is the reference in every
                          column, and irscope-opt and opt-reduce run with
                          --tool=<it> (opt-reduce then writes no reproducer)
  // CHECK-RESULTS: <flags>  the case is a miscompile: irscope-opt runs with
                          --check-results <flags> (exit 9 expected),
                          opt-reduce with --miscompile <flags>; the
                          reference columns (linedel, mlir-reduce) are
                          skipped, `keeps` asks irscope-opt --check-results

Usage:
  run.py [--quick] [--build DIR] [--out DIR] [--max-time S] [CASE...]

--quick runs four cases (one crash, one hang, one split input, one with an
unregistered dialect) with --max-time=5 for opt-reduce. Columns:

  mlir-opt     outcome of plain mlir-opt (ok, fail(N), crash(SIG), hang)
  irs rc       irscope-opt exit code (with --dump-after-each and --failure-dir)
  rep/in/repro report.xml, failure-input.mlir, reproducer.mlir written (y/n)
  replay       `mlir-opt --run-reproducer reproducer.mlir` outcome
  same-out     for a successful run: output identical to mlir-opt's
  reduce       opt-reduce ops before -> after (or its error)
  secs         opt-reduce wall time
  linedel      ops left by a greedy line deleter (bench/linedel.py) with
               plain mlir-opt as the oracle (same outcome and first error),
               `+` if it hit --linedel-cap; then `=`, `<` or `>` for
               opt-reduce's result against it (`>`: opt-reduce is larger)
  mlir-reduce  with --mlir-reduce-cap=S: ops/seconds of mlir-reduce's result
               (a test script around plain mlir-opt, same oracle as
               linedel), `+` if stopped at the cap, then `=`/`<`/`>` as for
               linedel; `none` when it left no result, `crash(SIG)` when
               mlir-reduce itself died
  keeps        R/O: the reduced reproducer (`mlir-opt --run-reproducer`,
               reduced pipeline) / the reduced module with the original
               flags still fails mlir-opt the same way (y/N)
"""
import argparse
import glob
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
import linedel  # noqa: E402  (the greedy line-deleting reference)
MLIR_OPT_DEFAULT = "/usr/lib/llvm-22/bin/mlir-opt"
MLIR_OPT = MLIR_OPT_DEFAULT
MLIR_REDUCE = "/usr/lib/llvm-22/bin/mlir-reduce"
QUICK = ["rdv-scf-if-clone", "canon-cf-hang", "split-rdv-chunks",
         "oal-unregistered"]
MLIR_TIMEOUT = 10.0


def header(path):
    """The case's header lines as a dict: args, timeout, tool (a path or
    None), check (the --check-results flags, or None)."""
    h = {"args": [], "timeout": None, "tool": None, "check": None}
    with open(path) as f:
        for line in f:
            if not line.startswith("//"):
                break
            m = re.match(r"//\s*ARGS:\s*(.*)", line)
            if m:
                h["args"] = shlex.split(m.group(1))
            m = re.match(r"//\s*TIMEOUT:\s*(\S+)", line)
            if m:
                h["timeout"] = float(m.group(1))
            m = re.match(r"//\s*TOOL:\s*(\S+)", line)
            if m:
                h["tool"] = os.path.join(os.path.dirname(MLIR_OPT),
                                         m.group(1))
            m = re.match(r"//\s*CHECK-RESULTS:\s*(.*)", line)
            if m:
                h["check"] = shlex.split(m.group(1))
    return h


# Set in the test-script mode behind the mlir-reduce column: mlir-opt then
# stays in mlir-reduce's process group, so stopping mlir-reduce at its cap
# stops a hanging mlir-opt too (in a session of its own it would outlive
# the script and, on affine-tile-copy-hang, grow past 20 GB).
OWN_SESSION = [True]


def run(cmd, timeout, cwd=None):
    """Run cmd in its own process group; returns (outcome, rc, out, err, secs)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=cwd, start_new_session=OWN_SESSION[0])
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        if OWN_SESSION[0]:
            os.killpg(p.pid, signal.SIGKILL)
        else:
            p.kill()
        out, err = p.communicate()
        return "hang", None, out, err, time.monotonic() - t0
    secs = time.monotonic() - t0
    rc = p.returncode
    if rc < 0:
        return "crash(%s)" % signal.Signals(-rc).name[3:], rc, out, err, secs
    return ("ok" if rc == 0 else "fail(%d)" % rc), rc, out, err, secs


def kind(outcome):
    return outcome.split("(")[0]


def non_pass_flags(args):
    """Flags mlir-opt needs to parse a module (kept for replays)."""
    return [a for a in args if a in ("--allow-unregistered-dialect",
                                     "-allow-unregistered-dialect")]


def count_ops(path, extra):
    r = subprocess.run([MLIR_OPT, path, "--mlir-print-op-generic"] + extra,
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None
    return len(re.findall(r'^\s*(%[^=]*=\s*)?"[A-Za-z_][\w$.]*"\(',
                          r.stdout, re.M))


def run_case(path, build, outdir, max_time, linedel_cap, mlir_reduce_cap):
    global MLIR_OPT
    name = os.path.splitext(os.path.basename(path))[0]
    h = header(path)
    # The reference tool of every column (and of the oracle processes the
    # mlir-reduce column starts, through --oracle-tool).
    MLIR_OPT = h["tool"] or MLIR_OPT_DEFAULT
    args, hang_limit = h["args"], h["timeout"]
    work = os.path.join(outdir, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    row = {"case": name}
    keep = non_pass_flags(args)

    # (a) mlir-opt as reported.
    m_out, _, m_stdout, _, _ = run([MLIR_OPT, path] + args, MLIR_TIMEOUT)
    row["mlir-opt"] = m_out
    if h["check"] is not None:
        m_out = "wrong-result"

    # (b) irscope-opt, same flags plus dumps and a failure directory.
    i_stdout = irscope_columns(row, h, path, build, work, keep)
    row["same-out"] = "-"
    if m_out == "ok":
        row["same-out"] = "y" if i_stdout == m_stdout else "N"

    # (c) opt-reduce on the same pipeline (single-input cases only).
    row["reduce"], row["secs"], row["keeps"] = "-", "-", "-"
    row["linedel"] = row["mlir-reduce"] = "-"
    if "--split-input-file" not in args and kind(m_out) != "ok":
        reduce_columns(row, h, path, build, work, keep, m_out, max_time)
        if h["check"] is not None:
            return row  # plain mlir-opt cannot tell a miscompile
        row["linedel"] = linedel_column(path, args, m_out, hang_limit, work,
                                        keep, linedel_cap, row["reduce"])
        row["mlir-reduce"] = mlir_reduce_column(path, args, hang_limit, work,
                                                keep, mlir_reduce_cap,
                                                row["reduce"])
    return row


def tool_flags(h):
    return ["--tool=" + h["tool"]] if h["tool"] else []


def irscope_columns(row, h, path, build, work, keep):
    """irs rc, rep/in/repro, replay; returns irscope-opt's stdout."""
    hang_limit = h["timeout"]
    irs = [os.path.join(build, "bin", "irscope-opt"), path] + h["args"] + [
        "--dump-after-each=" + os.path.join(work, "dump"),
        "--failure-dir=" + os.path.join(work, "fd")] + tool_flags(h)
    if hang_limit:
        irs.append("--step-timeout=%g" % hang_limit)
    if h["check"] is not None:
        irs += ["--check-results"] + h["check"]
    i_out, i_rc, i_stdout, i_err, _ = run(irs, 120)
    with open(os.path.join(work, "irscope-opt.stderr"), "wb") as f:
        f.write(i_err)
    row["irs rc"] = str(i_rc) if i_rc is not None else i_out
    reports = sorted(glob.glob(os.path.join(work, "**", "report.xml"),
                               recursive=True))
    fdir = os.path.dirname(reports[0]) if reports else None

    def has(fn):
        return "y" if fdir and os.path.exists(os.path.join(fdir, fn)) else "n"
    row["rep/in/repro"] = "%s/%s/%s" % ("y" if reports else "n",
                                        has("failure-input.mlir"),
                                        has("reproducer.mlir"))
    row["replay"] = "-"
    if fdir and os.path.exists(os.path.join(fdir, "reproducer.mlir")):
        r_out = run([MLIR_OPT, "--run-reproducer",
                     os.path.join(fdir, "reproducer.mlir")] + keep,
                    hang_limit * 3 if hang_limit else MLIR_TIMEOUT)[0]
        row["replay"] = r_out
    return i_stdout


def reduce_columns(row, h, path, build, work, keep, m_out, max_time):
    """reduce, secs, keeps: opt-reduce on the case's pipeline."""
    args, hang_limit = h["args"], h["timeout"]
    red = os.path.join(work, "reduced.mlir")
    rep = os.path.join(work, "reduced-reproducer.mlir")
    cmd = [os.path.join(build, "bin", "opt-reduce"), path, "-o", red,
           "--max-time=%g" % max_time, "-j", "2"] + tool_flags(h)
    if not h["tool"]:
        cmd.append("--reproducer=" + rep)  # not in tool mode (exit 2)
    if h["check"] is not None:
        cmd += ["--miscompile"] + h["check"]
    # opt-reduce has no mlir-opt printing/threading options: it takes
    # any other --NAME as a pass flag (reported to the lead).
    cmd += [a for a in args if not re.match(r"--?mlir-", a)]
    if hang_limit:
        cmd.append("--test-timeout=%g" % hang_limit)
    r_out, r_rc, _, r_err, secs = run(cmd, max_time * 4 + 60)
    with open(os.path.join(work, "opt-reduce.stderr"), "wb") as f:
        f.write(r_err)
    row["secs"] = "%.1f" % secs
    m = re.search(rb"ops: (\d+) -> (\d+)", r_err)
    if m:
        row["reduce"] = "%s -> %s" % (m.group(1).decode(),
                                      m.group(2).decode())
    else:
        last = r_err.decode(errors="replace").strip().splitlines()
        row["reduce"] = "rc=%s: %s" % (r_rc, last[-1][:60] if last else "")
    limit = hang_limit * 3 if hang_limit else MLIR_TIMEOUT
    verdicts = []
    if h["check"] is not None:
        # A miscompile is kept when irscope-opt still finds it (exit 9).
        if not os.path.exists(red):
            row["keeps"] = "-"
            return
        k = run([os.path.join(build, "bin", "irscope-opt"), red] + args +
                ["--check-results", "-o", "/dev/null"] + h["check"], 120)
        row["keeps"] = "-/" + ("y" if k[1] == 9 else "N")
        return
    # The reduced module with the reduced pipeline (the reproducer), then
    # with the original flags (what a user re-running the old command
    # line sees; the pipeline strategy may have cut the pipeline).
    for f, cmd in ((rep, [MLIR_OPT, "--run-reproducer", rep] + keep),
                   (red, [MLIR_OPT, red] + args)):
        if not os.path.exists(f):
            verdicts.append("-")
            continue
        k_out = run(cmd, limit)[0]
        verdicts.append("y" if kind(k_out) == kind(m_out) else "N")
    row["keeps"] = "/".join(verdicts)


def versus(reduce, ops):
    """` =`, ` <` or ` >`: opt-reduce's result (the `reduce` column, "N ->
    M") against `ops`; empty when either is unknown."""
    m = re.match(r"\d+ -> (\d+)", reduce)
    if not m or ops is None:
        return ""
    mine = int(m.group(1))
    return " " + ("=" if mine == ops else "<" if mine < ops else ">")


def mlir_reduce_column(path, args, hang_limit, work, keep, cap, reduce):
    """mlir-reduce with a test script around plain mlir-opt (same outcome
    and first error as the input; exit 1 = interesting, mlir-reduce's
    convention): `ops/seconds` of its result and `=`/`<`/`>` for
    opt-reduce's result against it."""
    if cap <= 0:
        return "-"
    script = os.path.join(work, "mlir-reduce-test.sh")
    with open(script, "w") as f:
        f.write("#!/bin/sh\nexec %s %s --oracle %s --oracle-hang %s "
                "--oracle-tool=%s --oracle-args=%s \"$1\"\n" % (
                    shlex.quote(sys.executable), shlex.quote(__file__),
                    shlex.quote(path), hang_limit or 0, shlex.quote(MLIR_OPT),
                    shlex.quote(" ".join(shlex.quote(a) for a in args))))
    os.chmod(script, 0o755)
    out = os.path.join(work, "mlir-reduce.mlir")
    t0 = time.monotonic()
    o = run([MLIR_REDUCE, path, "-reduction-tree=traversal-mode=0 test=" +
             script, "-o", out] + keep, cap)[0]
    secs = time.monotonic() - t0
    if not os.path.exists(out):
        # mlir-reduce itself may die (it runs the input's parser and its
        # own reduction passes): say so rather than "no result".
        return "%s/%.0f" % (o if kind(o) == "crash" else "none", secs)
    # Stopped at the cap it may leave anything behind: only a result that
    # still fails the same way counts.
    if (mlir_signature(out, args, hang_limit) !=
            mlir_signature(path, args, hang_limit)):
        return "NO/%.0f%s" % (secs, "+" if o == "hang" else "")
    ops = count_ops(out, keep)
    cmp = versus(reduce, ops)
    return "%s/%.0f%s%s" % (ops, secs, "+" if o == "hang" else "", cmp)


def oracle_main(a):
    """The test script behind the mlir-reduce column: exit 1 when `a.file`
    fails plain mlir-opt as the case's input does, else 0."""
    args = shlex.split(a.oracle_args)
    hang = a.oracle_hang or None
    same = (mlir_signature(a.file, args, hang) ==
            mlir_signature(a.oracle, args, hang))
    return 1 if same else 0


def mlir_signature(path, args, hang_limit):
    """What plain mlir-opt does with `path`: the outcome (with the signal)
    and, for a failure, its first error with numbers masked."""
    out, _, _, err, _ = run([MLIR_OPT, path] + args,
                            hang_limit * 3 if hang_limit else MLIR_TIMEOUT)
    first = ""
    if kind(out) == "fail":
        for line in err.decode(errors="replace").splitlines():
            e = line.find("error: ")
            if e >= 0:
                first = re.sub(r"[0-9]+", "N", line[e + 7:])
                break
    return out, first


def linedel_column(path, args, m_out, hang_limit, work, keep, cap, reduce):
    """The greedy line deleter (bench/linedel.py) with plain mlir-opt as the
    oracle: `ops` of its result, and `=`/`<`/`>` for opt-reduce's result
    against it (`>` misses the bar)."""
    if cap <= 0:
        return "-"
    want = mlir_signature(path, args, hang_limit)
    text, _, stopped = linedel.reduce_lines(
        open(path).read(), lambda p: mlir_signature(p, args, hang_limit) == want,
        work, deadline=time.monotonic() + cap)
    out = os.path.join(work, "linedel.mlir")
    open(out, "w").write(text)
    ops = count_ops(out, keep)
    cmp = versus(reduce, ops)
    return "%s%s%s" % (ops, "+" if stopped else "", cmp)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--out", default="/tmp/irscope-upstream")
    ap.add_argument("--max-time", type=float, default=None)
    ap.add_argument("--linedel-cap", type=float, default=120,
                    help="seconds for the greedy line deleter per case "
                         "(0: skip it)")
    ap.add_argument("--mlir-reduce-cap", type=float, default=0,
                    help="seconds for mlir-reduce per case (default 0: "
                         "skip it; it takes 25-75 s a case)")
    ap.add_argument("--oracle", help=argparse.SUPPRESS)
    ap.add_argument("--oracle-args", default="", help=argparse.SUPPRESS)
    ap.add_argument("--oracle-tool", default=MLIR_OPT_DEFAULT,
                    help=argparse.SUPPRESS)
    ap.add_argument("--oracle-hang", type=float, default=0,
                    help=argparse.SUPPRESS)
    ap.add_argument("cases", nargs="*")
    a = ap.parse_args()
    if a.oracle:
        global MLIR_OPT
        MLIR_OPT = a.oracle_tool
        OWN_SESSION[0] = False
        a.file = a.cases[0]
        return oracle_main(a)
    a.build = os.path.abspath(a.build)
    max_time = a.max_time or (5 if a.quick else 20)
    names = a.cases or (QUICK if a.quick else sorted(
        os.path.splitext(os.path.basename(p))[0]
        for p in glob.glob(os.path.join(HERE, "*.mlir"))))
    cols = ["case", "mlir-opt", "irs rc", "rep/in/repro", "replay",
            "same-out", "reduce", "secs", "keeps", "linedel", "mlir-reduce"]
    widths = [24, 13, 6, 12, 13, 8, 22, 6, 6, 8, 12]
    print(" ".join(c.ljust(w) for c, w in zip(cols, widths)))
    t0 = time.monotonic()
    for n in names:
        row = run_case(os.path.join(HERE, n + ".mlir"), a.build, a.out,
                       max_time, a.linedel_cap, a.mlir_reduce_cap)
        print(" ".join(str(row[c]).ljust(w) for c, w in zip(cols, widths)),
              flush=True)
    print("total %.1f s; artefacts under %s" % (time.monotonic() - t0, a.out))


if __name__ == "__main__":
    sys.exit(main())
