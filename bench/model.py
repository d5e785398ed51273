#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A model-conversion pipeline under irscope-opt against mlir-opt, as ratios.

The workload is bench/gen_tosa_model.py's TOSA model (default 800 layers,
~12k lines in, ~370k lines of LLVM dialect out) through a 23-step lowering
to the LLVM dialect: a few big module-level conversions whose output grows
twentyfold, and steps that change nothing. The shape differs from run.py's
(mostly function-level steps on a module that shrinks).

Runs are interleaved (A B A B ...) in fresh processes, each rep starting
one case further along. A wall or CPU figure is the median over the reps
of the case's run divided by mlir-opt's run of the same rep (a virtual
machine's speed drifts by 10-40% over minutes, and a rep's runs share
the drift); memory figures are ratios of medians. Wall, CPU (user +
system of the process and every worker it waited for) and peak RSS
(wait4). Cases and bars:
  plain        irscope-opt                                      (<= 1.03)
  timing       irscope-opt --timing                             (<= 1.05)
  dumps        irscope-opt --dump-after-each                    (<= 1.20)
  instrumented --dump-after-each --verify-each --timing         (<= 1.25,
               peak RSS <= 1.3x mlir-opt's)
It checks first that irscope-opt's output is mlir-opt's, byte for byte,
and prints the dump directory's bytes (files that are hard links to an
earlier dump counted once).

Peak RSS is the largest single process's; dumps printed by forked
snapshot children share the parent's pages, so "sum" is also printed: the
peak over the run of the sum of the PSS (/proc/PID/smaps_rollup) of the
process and all its descendants, sampled every 50 ms, as a ratio against
mlir-opt's sampled the same way, in one run of each case after the timed
ones (the sampler's reads cost ~8 ms of a core per sample, which slows a
case that keeps both cores busy and not mlir-opt). It has no bar: it
counts the snapshots of the printers in flight (three at most).

--phases adds one run of each dumping case with IRSCOPE_PHASES set: the
table of where irscope's own time goes (CPU-seconds of the threads that
ran each phase, counts, wall), against the CPU-seconds by which the case
exceeds mlir-opt's.

--idle adds one run of mlir-opt and of each dumping case sampled every
20 ms: the core-seconds no thread of the run could use (fewer runnable
threads than cores), split by whether a printer was alive and whether the
pipeline was waiting for one. On 2 cores a dumping case's wall is
(mlir-opt's CPU + the extra CPU + this idle) / 2, so it shows which of the
two a change must cut. Only meaningful on an idle machine.

Usage: bench/model.py [--build build] [--layers 800] [--reps 5]
                      [--cases plain,timing,dumps,instrumented] [--phases]
                      [--idle]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from scale import MLIR_OPT, load, measure

HERE = os.path.dirname(os.path.abspath(__file__))
PIPELINE = (
    "builtin.module(func.func(tosa-optional-decompositions,tosa-infer-shapes,"
    "tosa-make-broadcastable,tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,"
    "tosa-to-tensor),canonicalize,func.func(linalg-fuse-elementwise-ops),"
    "one-shot-bufferize{bufferize-function-boundaries},func.func(buffer-hoisting),"
    "convert-linalg-to-loops,lower-affine,convert-scf-to-cf,expand-strided-metadata,"
    "finalize-memref-to-llvm,convert-math-to-llvm,convert-arith-to-llvm,"
    "convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts,"
    "canonicalize,cse)")
BARS = [("plain", "irscope-opt", 1.03),
        ("timing", "--timing", 1.05),
        ("dumps", "--dump-after-each", 1.20),
        ("instrumented", "--dump-after-each --verify-each --timing", 1.25)]
RSS_BAR = 1.3


def children():
    """{ppid: [pid, ...]} of every process in /proc."""
    kids = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                kids.setdefault(ppid, []).append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return kids


def tree_pss_kb(root):
    """Sum of Pss (kB) over root and its descendants."""
    kids = children()
    total, todo = 0, [root]
    while todo:
        p = todo.pop()
        todo.extend(kids.get(p, []))
        try:
            with open("/proc/%d/smaps_rollup" % p) as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
                        break
        except OSError:
            pass
    return total


def run_sampled(cmd, every, sample, env=None):
    """Runs cmd, calling sample(pid) every `every` seconds on a thread until
    it exits; (wall seconds, wait status, rusage)."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, env=env)
    done = threading.Event()

    def loop():
        while not done.wait(every):
            sample(p.pid)
    th = threading.Thread(target=loop)
    th.start()
    _, status, ru = os.wait4(p.pid, 0)
    done.set()
    th.join()
    return time.perf_counter() - t0, status, ru


def measure_sum(cmd, env=None):
    """measure() plus the peak of the process tree's summed PSS (bytes)."""
    peak = [0]

    def sample(pid):
        peak[0] = max(peak[0], tree_pss_kb(pid))
    wall, status, ru = run_sampled(cmd, 0.05, sample, env)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("benchmark command failed: " + " ".join(cmd))
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss * 1024, peak[0] * 1024


def phases(cmd, path, base_cpu):
    """Runs cmd with IRSCOPE_PHASES; prints the summed table."""
    if os.path.exists(path):
        os.unlink(path)
    env = dict(os.environ, IRSCOPE_PHASES=path)
    _, cpu, _, _ = measure_sum(cmd, env)
    tab = {}
    for line in open(path) if os.path.exists(path) else []:
        _, _, name, n, c, w, b = line.split()
        t = tab.setdefault(name, [0, 0.0, 0.0, 0])
        for i, v in enumerate((int(n), float(c), float(w), int(b))):
            t[i] += v
    print("    CPU %.2f s, %.2f s over mlir-opt; phases (CPU s of the "
          "threads that ran them):" % (cpu, cpu - base_cpu))
    print("    %-12s %7s %9s %9s %9s" % ("phase", "count", "CPU s",
                                         "wall s", "MB"))
    probe = tab.pop("probe", None)
    for name, (n, c, w, b) in sorted(tab.items(), key=lambda x: -x[1][1]):
        print("    %-12s %7d %9.3f %9.3f %9.1f" % (name, n, c, w, b / 1e6))
    if probe:
        # The run's first fork timed a copy-on-write fault (wall, in s);
        # bytes says whether forked printers pay at that cost.
        print("    fork probe: a copy-on-write fault costs %.1f us: %s"
              % (probe[2] * 1e6, "conversions' dumps forked" if probe[3]
                 else "conversions' dumps printed in place on two threads"))
    # A printer reaps its second printer, so wait4's rusage of the printer
    # ("child") already holds the second printer's CPU ("split"); the
    # pipeline's own phases are inside its threads' CPU ("runq").
    print("    %-12s %7s %9.3f  (runq + child; split is inside child)"
          % ("sum", "", sum(tab.get(k, [0, 0.0])[1] for k in ("runq", "child"))))


def tree_threads(root):
    """{pid: (depth, runnable threads)} for root and its descendants."""
    kids = children()
    out, todo = {}, [(root, 0)]
    while todo:
        p, depth = todo.pop()
        todo.extend((k, depth + 1) for k in kids.get(p, []))
        run, live = 0, False
        try:
            for t in os.listdir("/proc/%d/task" % p):
                with open("/proc/%d/task/%s/stat" % (p, t)) as f:
                    state = f.read().rsplit(")", 1)[1].split()[0]
                run += state == "R"
                live = live or state != "Z"
        except OSError:
            continue
        if live:  # an exited printer not yet reaped prints nothing
            out[p] = (depth, run)
    return out


def idle(cmd, printer_depth):
    """Idle core-seconds of one run, by what the process tree was doing.

    Sampled every 20 ms from /proc: threads in state R of the pipeline's
    process (depth printer_depth - 1 from cmd: the supervised worker, or
    the process itself) and of the printers below it. A core is idle when
    fewer threads than cores were runnable."""
    cores = os.cpu_count() or 1
    cats = {"nothing to print": 0.0, "pipeline waits for a printer": 0.0,
            "pipeline and printers": 0.0}
    last = [time.perf_counter()]

    def sample(pid):
        now = time.perf_counter()
        dt, last[0] = now - last[0], now
        tree = tree_threads(pid)
        pipe = sum(r for d, r in tree.values() if d == printer_depth - 1)
        printers = [r for d, r in tree.values() if d >= printer_depth]
        free = max(0, cores - pipe - sum(printers)) * dt
        if not printers:
            cats["nothing to print"] += free
        elif pipe == 0:
            cats["pipeline waits for a printer"] += free
        else:
            cats["pipeline and printers"] += free
    wall, _, ru = run_sampled(cmd, 0.02, sample)
    return wall, ru.ru_utime + ru.ru_stime, cats


def unique_bytes(d):
    """Bytes of the files under d, a file with several links counted once."""
    seen, total, files = set(), 0, 0
    for r, _, fs in os.walk(d):
        for f in fs:
            st = os.stat(os.path.join(r, f))
            files += 1
            if (st.st_dev, st.st_ino) not in seen:
                seen.add((st.st_dev, st.st_ino))
                total += st.st_size
    return total, files


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(HERE, "..", "build"))
    ap.add_argument("--mlir-opt", default=MLIR_OPT)
    ap.add_argument("--layers", type=int, default=800)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--cases", default="plain,timing,dumps,instrumented")
    ap.add_argument("--phases", action="store_true",
                    help="also print where the dumping cases' time goes")
    ap.add_argument("--idle", action="store_true",
                    help="also print the idle core-seconds of mlir-opt and "
                    "the dumping cases, by what was running")
    a = ap.parse_args()
    irs = os.path.join(a.build, "bin", "irscope-opt")
    work = tempfile.mkdtemp(prefix="irscope-model-")
    try:
        mod = os.path.join(work, "model.mlir")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_tosa_model.py"),
                        str(a.layers), "-o", mod], check=True)
        dumps = os.path.join(work, "dumps")
        ref, out = os.path.join(work, "ref.mlir"), os.path.join(work, "out.mlir")
        base = ["--pass-pipeline=" + PIPELINE, mod]
        measure([a.mlir_opt] + base + ["-o", ref])
        measure([irs] + base + ["-o", out])
        same = open(ref, "rb").read() == open(out, "rb").read()
        # The dump run's output too: instrumentation must not change it.
        measure([irs] + base + ["-o", out, "--dump-after-each=" + dumps,
                                "--verify-each", "--timing"])
        same_instr = open(ref, "rb").read() == open(out, "rb").read()
        dump_bytes, dump_files = unique_bytes(dumps)
        out_lines = sum(1 for _ in open(ref))

        dump = ["--dump-after-each=" + dumps, "--dump-overwrite"]
        cmds = {"mlir-opt": [a.mlir_opt] + base + ["-o", os.devnull]}
        allc = {
            "plain": [],
            "timing": ["--timing"],
            "dumps": dump,
            "instrumented": dump + ["--verify-each", "--timing"],
        }
        for k in a.cases.split(","):
            cmds[k] = [irs] + base + ["-o", os.devnull] + allc[k]
        res = {k: [] for k in cmds}
        print("load before: " + load())
        order = list(cmds.items())
        for rep in range(a.reps):
            # Each rep starts one place further along the list, so no case
            # always runs right after the case that wrote 310 MB of dumps.
            for k, c in order[rep % len(order):] + order[:rep % len(order)]:
                shutil.rmtree(dumps, ignore_errors=True)
                os.sync()
                res[k].append(measure(c) + (0,))
        # Summed PSS from runs of their own: the sampler reads every
        # process's smaps_rollup (~8 ms of a core every 50 ms), which
        # slows a case that keeps both cores busy and not mlir-opt.
        for k, c in order:
            shutil.rmtree(dumps, ignore_errors=True)
            os.sync()
            s = measure_sum(c)[3]
            res[k] = [x[:3] + (s,) for x in res[k]]
        print("load after:  " + load())
        med = {k: [statistics.median(x[i] for x in v) for i in range(4)]
               for k, v in res.items()}
        print("model: %d layers, %d lines in, %d lines out; %d steps"
              % (a.layers, sum(1 for _ in open(mod)), out_lines,
                 PIPELINE.count(",") + 1))
        print("identical output to mlir-opt: plain %s, instrumented %s"
              % ("yes" if same else "NO", "yes" if same_instr else "NO"))
        print("dumps: %d files, %.1f MB on disk (hard links counted once)"
              % (dump_files, dump_bytes / 1e6))
        m = med["mlir-opt"]
        print("mlir-opt: %.2f s wall, %.2f s CPU, %.0f MB peak RSS, %.0f MB "
              "peak summed PSS (median of %d; summed PSS of one sampled run)"
              % (m[0], m[1], m[2] / 1e6, m[3] / 1e6, a.reps))
        print("%-14s %-42s %7s %7s %7s %7s  %s" % ("case", "", "wall", "CPU",
                                                   "RSS", "sum", "bar (wall)"))
        ok = same and same_instr
        for k, label, bar in BARS:
            if k not in med:
                continue
            r = [statistics.median(x[i] / y[i] for x, y in
                                   zip(res[k], res["mlir-opt"]))
                 for i in range(2)] + [med[k][i] / m[i] for i in (2, 3)]
            met = r[0] <= bar and (k != "instrumented" or
                                   r[2] <= RSS_BAR)
            ok = ok and met
            print("  %-12s %-42s %7.3f %7.3f %7.2f %7.2f  <= %.2f%s %s"
                  % (k, label, r[0], r[1], r[2], r[3], bar,
                     " (RSS <= %.1f)" % RSS_BAR if k == "instrumented" else "",
                     "met" if met else "MISSED"))
        if a.phases:
            for k in ("dumps", "instrumented"):
                if k in cmds:
                    shutil.rmtree(dumps, ignore_errors=True)
                    print("  %s:" % k)
                    phases(cmds[k], os.path.join(work, "phases.txt"), m[1])
        if a.idle:
            print("idle core-seconds (%d cores; sampled every 20 ms):"
                  % (os.cpu_count() or 1))
            for k in ("mlir-opt", "dumps", "instrumented"):
                if k in cmds:
                    shutil.rmtree(dumps, ignore_errors=True)
                    os.sync()
                    # irscope-opt supervises a worker; printers are its children.
                    w, c, cats = idle(cmds[k], 1 if k == "mlir-opt" else 2)
                    print("  %-12s wall %.2f s, CPU %.2f s, idle %.2f: %s" % (
                        k, w, c, sum(cats.values()), ", ".join(
                            "%s %.2f" % kv for kv in cats.items() if kv[1])))
        return 0 if ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
