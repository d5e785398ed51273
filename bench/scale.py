#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""irscope at scale (issue 15): 28k-, 283k- and 1M-line modules.

For each size (bench/gen_module.py) this runs, interleaved A B C A B C ...
in the same process, plain mlir-opt, plain irscope-opt and irscope-opt
`--dump-after-each --verify-each --timing` on bench/run.py's pipeline, each
in a fresh process whose wait4() rusage gives CPU time and peak RSS (the
maximum over the process and the workers it waited for). It prints, per
size, the medians' wall, CPU and peak-RSS ratios against mlir-opt, the
bytes of the dumps, and opt-reduce's time and result on bench/reduce.py's
crash snippet buried in the middle of the module (against the snippet's
own result with a few functions around it).

Bars: at the largest size the wall and CPU ratios within 0.05 of those at
the middle size (cost grows linearly); peak RSS of the instrumented run
<= 1.3x mlir-opt's; the buried crash reduced to the snippet's size in
<= 30 s at the largest size.

Usage: bench/scale.py [--build build] [--sizes 28000,283000,1000000]
                      [--reps 3] [--no-reduce] [--reduce-only]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run import PIPELINE  # noqa: E402  (the issue-2 bench pipeline)
import reduce as rb  # noqa: E402  (the crash snippet, its pipeline, op count)

MLIR_OPT = "/usr/lib/llvm-22/bin/mlir-opt"


def measure(cmd):
    """(wall s, cpu s, peak RSS bytes) of cmd in a fresh process."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.exit("benchmark command failed (%d): %s\n%s" %
                 (p.returncode, " ".join(cmd), err.decode()[-2000:]))
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss * 1024


def dir_bytes(d):
    return sum(os.path.getsize(os.path.join(r, f))
               for r, _, fs in os.walk(d) for f in fs)


def load():
    return " ".join(open("/proc/loadavg").read().split()[:3])


def bury(gen_lines, path):
    """The crash snippet inserted before the function in the middle."""
    lines = list(gen_lines)
    i = len(lines) // 2
    while not lines[i].startswith("func.func"):
        i += 1
    lines.insert(i, rb.SNIPPET)
    open(path, "w").write("\n".join(lines))


def reduce_case(red, irs, path, work, tag):
    """(seconds, ops of the result, opt-reduce's summary line); the CPU
    seconds of opt-reduce and the workers it waited for are appended to
    the summary."""
    out = os.path.join(work, tag + ".reduced.mlir")
    t0 = time.perf_counter()
    p = subprocess.Popen([red, path, "--pass-pipeline=" + rb.CRASH, "-o", out],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         text=True)
    err = p.stderr.read()
    _, status, ru = os.wait4(p.pid, 0)
    secs = time.perf_counter() - t0
    cpu = "(cpu %.1f s, load %s)" % (ru.ru_utime + ru.ru_stime, load())
    if os.waitstatus_to_exitcode(status) != 0:
        return secs, -1, err.strip().splitlines()[-1:] + [cpu]
    summary = [l for l in err.splitlines() if "ops:" in l]
    return secs, rb.count_ops(irs, out), (summary[-1:] if summary else []) + [cpu]


def run_size(a, lines, work, irs, red, snippet_ops):
    mod = os.path.join(work, "m%d.mlir" % lines)
    subprocess.run([sys.executable, os.path.join(HERE, "gen_module.py"),
                    "--lines", str(lines), "-o", mod], check=True)
    text = open(mod).read()
    row = {"lines": text.count("\n"), "mb": len(text) / 1e6,
           "load0": load()}
    print("\n%d lines: runs" % row["lines"], flush=True)
    dumps = os.path.join(work, "dumps")
    if not a.reduce_only:
        cases = {
            "mlir-opt": [MLIR_OPT, "--pass-pipeline=" + PIPELINE, mod,
                         "-o", os.devnull],
            "plain": [irs, "--pass-pipeline=" + PIPELINE, mod,
                      "-o", os.devnull],
            "instr": [irs, "--pass-pipeline=" + PIPELINE, mod,
                      "-o", os.devnull, "--dump-after-each=" + dumps,
                      "--dump-overwrite", "--verify-each", "--timing"],
        }
        got = {k: [] for k in cases}
        for _ in range(a.reps):
            for k, cmd in cases.items():
                shutil.rmtree(dumps, ignore_errors=True)
                os.sync()  # as run.py: no writeback from the last run
                got[k].append(measure(cmd))
                # Each run as it ends: 1M-line runs take minutes under load.
                print("  run %-9s wall %7.2f s  cpu %7.2f s  peak RSS %7.1f MB"
                      "  (load %s)" % ((k,) + got[k][-1][:2] +
                                       (got[k][-1][2] / 1e6, load())),
                      flush=True)
        row["dump"] = dir_bytes(dumps)
        shutil.rmtree(dumps, ignore_errors=True)
        med = {k: [statistics.median(x[i] for x in v) for i in range(3)]
               for k, v in got.items()}
        row["med"] = med
        for k in ("plain", "instr"):
            for i, what in enumerate(("wall", "cpu", "rss")):
                row[k + "-" + what] = med[k][i] / med["mlir-opt"][i]
    if not a.no_reduce:
        b = os.path.join(work, "buried%d.mlir" % lines)
        bury(text.split("\n"), b)
        del text
        row["reduce"] = reduce_case(red, irs, b, work, "b%d" % lines)
        row["snippet_ops"] = snippet_ops
        os.remove(b)
    os.remove(mod)
    row["load1"] = load()
    return row


def print_row(r, a):
    print("\n%d lines (%.1f MB), load %s -> %s" %
          (r["lines"], r["mb"], r["load0"], r["load1"]))
    if "med" in r:
        for k, (w, c, m) in r["med"].items():
            print("  %-9s wall %7.2f s  cpu %7.2f s  peak RSS %7.1f MB" %
                  (k, w, c, m / 1e6))
        print("  ratios / mlir-opt: plain wall %.3f cpu %.3f rss %.2f; "
              "instrumented wall %.3f cpu %.3f rss %.2f; dumps %.1f MB" %
              (r["plain-wall"], r["plain-cpu"], r["plain-rss"],
               r["instr-wall"], r["instr-cpu"], r["instr-rss"],
               r["dump"] / 1e6))
    if "reduce" in r:
        secs, ops, summary = r["reduce"]
        print("  buried crash: opt-reduce %.1f s -> %d ops (snippet: %d) %s"
              % (secs, ops, r["snippet_ops"], " ".join(summary)))


def bars(rows):
    ok = True
    big, mid = rows[-1], rows[-2] if len(rows) > 1 else None
    print("\nbars (largest size %d lines):" % big["lines"])
    if "med" in big:
        if mid and "med" in mid:
            for k in ("plain-wall", "plain-cpu", "instr-wall", "instr-cpu"):
                d = big[k] - mid[k]
                good = abs(d) <= 0.05
                ok &= good
                print("  %-10s ratio %d lines %.3f vs %d lines %.3f: "
                      "diff %+.3f (bar |diff| <= 0.05): %s" %
                      (k, big["lines"], big[k], mid["lines"], mid[k], d,
                       "ok" if good else "MISSED"))
        for r in rows:
            good = r["instr-rss"] <= 1.3
            ok &= good
            print("  instrumented peak RSS / mlir-opt at %d lines = %.2f "
                  "(bar <= 1.30): %s" % (r["lines"], r["instr-rss"],
                                         "ok" if good else "MISSED"))
    if "reduce" in big:
        secs, ops, _ = big["reduce"]
        good = 0 < ops <= big["snippet_ops"] and secs <= 30
        ok &= good
        print("  buried crash at %d lines: %d ops (snippet %d) in %.1f s "
              "(bar <= snippet's ops in <= 30 s): %s" %
              (big["lines"], ops, big["snippet_ops"], secs,
               "ok" if good else "MISSED"))
    print("all bars met" if ok else "some bars MISSED")
    return ok


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--sizes", default="28000,283000,1000000")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--reduce-only", action="store_true")
    a = ap.parse_args()
    irs = os.path.abspath(os.path.join(a.build, "bin", "irscope-opt"))
    red = os.path.abspath(os.path.join(a.build, "bin", "opt-reduce"))
    work = tempfile.mkdtemp(prefix="irscope-scale-")
    print("pipeline: %s\n%d interleaved runs per size, medians; load %s"
          % (PIPELINE, a.reps, load()))
    try:
        snippet_ops = -1
        if not a.no_reduce:
            s = os.path.join(work, "snippet.mlir")
            open(s, "w").write(rb.SNIPPET + rb.SMALL_EXTRA)
            secs, snippet_ops, _ = reduce_case(red, irs, s, work, "snippet")
            print("crash snippet alone: %d ops in %.1f s" % (snippet_ops, secs))
        rows = []
        for n in (int(x) for x in a.sizes.split(",")):
            rows.append(run_size(a, n, work, irs, red, snippet_ops))
            print_row(rows[-1], a)
            sys.stdout.flush()
        return 0 if bars(rows) else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
