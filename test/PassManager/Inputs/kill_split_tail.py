#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Kills the second printer of each split dump at its first write point and
checks that the dumps are still byte-identical to a reference run's.

Usage: kill_split_tail.py WORK INPUT PIPELINE REFDUMPS

The run's write points are counted first (IRS_FAULT_WRITE=0:...); the
second printer writes an anonymous file, so its points are listed with "?"
in COUNTER.paths, right after the point where the first printer opened the
dump. Each such point is then made a SIGKILL in a run of its own."""
import filecmp
import os
import shutil
import subprocess
import sys

work, src, pipeline, ref = sys.argv[1:5]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)


def run(tag, fault, tries=1):
    # Write points are counted across processes, so the Nth write of a
    # kill run can belong to another process than in the counting run (the
    # parent's manifest racing a printer): a run whose kill hit the parent
    # fails and is tried again.
    for attempt in range(tries):
        d = os.path.join(work, "%s.%d" % (tag, attempt))
        # Forked printers on any host (see BackgroundDump.c).
        env = dict(os.environ, IRS_FAULT_WRITE=fault, IRS_TEST_FORKS_PAY="1")
        r = subprocess.run(["irscope-opt", src, "--pass-pipeline=" + pipeline,
                            "--dump-after-each=" + d, "-o", os.devnull],
                           env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=60)
        if r.returncode == 0:
            return d
    sys.exit("%s: irscope-opt failed in %d runs" % (tag, tries))


# A second printer's first point comes right after its first printer
# opened the dump (other processes write anonymous files too). Processes
# interleave their writes, so a counting run may show none: count again.
points = []
for attempt in range(5):
    counter = os.path.join(work, "points-count%d" % attempt)
    d = run("count%d" % attempt, "0:EIO:" + counter)
    rows = [l.split(None, 1) for l in open(counter + ".paths")]
    points = [int(n) for (n, p), (_, before) in zip(rows[1:], rows)
              if p.strip() == "?" and before.strip().endswith(".mlir")
              and os.path.dirname(before.strip()) == d]
    if points:
        break
if not points:
    sys.exit("no write point of a second printer")
for n in points:
    c = os.path.join(work, "points%d" % n)
    d = run("k%d" % n, "%d:KILL:%s" % (n, c), tries=5)
    for f in sorted(os.listdir(ref)):
        if f.endswith(".mlir") and not filecmp.cmp(
                os.path.join(ref, f), os.path.join(d, f), shallow=False):
            sys.exit("point %d: %s differs" % (n, f))
print("killed %d second printers; dumps identical" % len(points))
