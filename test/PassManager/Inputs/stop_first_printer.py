#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Stops the first forked printer of a run and checks that the pipeline
forks the next one meanwhile (it does not wait for a printer before the
next dump), then lets it go on and checks the dumps.

Usage: stop_first_printer.py DUMPS INPUT PIPELINE

Printers are the run's descendants under SCHED_BATCH (BackgroundDump.c)
whose parent is not; the first one seen is stopped (SIGSTOP). Prints
"second printer while the first was stopped" or exits nonzero when none
came within 60 s (a run that waits for the stopped printer forks none)."""
import os
import signal
import subprocess
import sys
import time

dumps, src, pipeline = sys.argv[1:4]
SCHED_BATCH = 3


def tree(root):
    """{pid: (ppid, scheduling policy)} of root's descendants."""
    procs = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                procs[int(d)] = (int(fields[1]), int(fields[38]))
            except (OSError, ValueError, IndexError):
                pass
    out, todo = {}, [root]
    while todo:
        p = todo.pop()
        for c, (pp, policy) in procs.items():
            if pp == p and c not in out:
                out[c] = (pp, policy)
                todo.append(c)
    return out


def stopped(pid):
    """Stops pid; true if it was still printing (not a zombie) then."""
    try:
        os.kill(pid, signal.SIGSTOP)
        for _ in range(1000):
            with open("/proc/%d/stat" % pid) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            if state != "R" and state != "S" and state != "D":
                return state in ("T", "t")
            time.sleep(0.001)
    except OSError:
        pass
    return False


run = subprocess.Popen(["irscope-opt", src, "--pass-pipeline=" + pipeline,
                        "--dump-after-each=" + dumps, "-o", os.devnull])
first, parent, second = None, None, None
deadline = time.monotonic() + 60
while time.monotonic() < deadline and run.poll() is None and not second:
    procs = tree(run.pid)
    for pid, (ppid, policy) in procs.items():
        # A printer's own second printer (SCHED_BATCH too) is not one.
        if policy != SCHED_BATCH or procs.get(ppid, (0, 0))[1] == SCHED_BATCH:
            continue
        if first is None:
            if stopped(pid):
                first, parent = pid, ppid
        elif pid != first and ppid == parent:
            second = pid
    time.sleep(0.001)
if first:
    os.kill(first, signal.SIGCONT)
code = run.wait(timeout=120)
if not first:
    sys.exit("no printer seen")
if not second:
    sys.exit("no second printer while the first was stopped")
if code != 0:
    sys.exit("irscope-opt exited with %d" % code)
print("second printer while the first was stopped")
