#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A naive greedy line-deleting reducer: the reference column of the
reducer benchmarks (bench/reduce.py, bench/upstream/run.py).

It knows nothing about MLIR. It tries to delete runs of lines, halving the
run length from half the file down to one line, and keeps a deletion when
the oracle still calls the file interesting; it repeats single-line passes
until one deletes nothing. The oracle is a function of the candidate's path
(in the benchmarks: the same failure signature the other tools are scored
on). This is what a person gets with a few lines of shell around the tool
that crashes; a structured reducer has to do at least as well.

As a program:  linedel.py FILE -o OUT -- TEST [ARGS...]
runs TEST ARGS... CANDIDATE and counts exit 0 as interesting (C-Vise's and
llvm-reduce's convention).
"""
import os
import subprocess
import sys
import tempfile
import time


def reduce_lines(text, interesting, work, max_tests=20000, deadline=None):
    """Returns (reduced text, tests run, stopped early). `interesting(path)`
    is asked about candidate files written in `work`; `text` itself is
    assumed interesting. Past `deadline` (time.monotonic()) every candidate
    counts as uninteresting, so the best result so far comes back."""
    lines = text.split("\n")
    cand = os.path.join(work, "linedel-candidate.mlir")
    tests = 0
    cache = {}
    stopped = [False]

    def test(ls):
        nonlocal tests
        key = "\n".join(ls)
        if key in cache:
            return cache[key]
        if tests >= max_tests or (deadline and time.monotonic() > deadline):
            stopped[0] = True
            return False
        tests += 1
        with open(cand, "w") as f:
            f.write(key)
        cache[key] = ok = interesting(cand)
        return ok

    size = max(1, len(lines) // 2)
    while True:
        changed = False
        i = 0
        while i < len(lines):
            trial = lines[:i] + lines[i + size:]
            if trial != lines and test(trial):
                lines = trial
                changed = True
            elif stopped[0]:
                # Past the cap: building every remaining candidate would
                # still cost O(lines^2) (20 min on 20k lines).
                return "\n".join(lines), tests, True
            else:
                i += size
        if size > 1:
            size //= 2
        elif not changed:
            break
    return "\n".join(lines), tests, stopped[0]


def main(argv):
    if "--" not in argv or "-o" not in argv:
        sys.stderr.write("usage: linedel.py FILE -o OUT -- TEST [ARGS...]\n")
        return 2
    sep = argv.index("--")
    head, cmd = argv[:sep], argv[sep + 1:]
    out = head[head.index("-o") + 1]
    src = [a for i, a in enumerate(head)
           if a != "-o" and (i == 0 or head[i - 1] != "-o")][0]
    with tempfile.TemporaryDirectory(prefix="linedel-") as work:
        text, tests, _ = reduce_lines(
            open(src).read(),
            lambda p: subprocess.run(cmd + [p], capture_output=True).returncode == 0,
            work)
    tmp = out + ".tmp-linedel"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, out)
    sys.stderr.write("linedel: %d tests\n" % tests)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
