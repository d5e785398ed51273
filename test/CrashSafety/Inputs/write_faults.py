#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Kill at any moment, and I/O errors at every write (SQLite's crash and
I/O-error tests, for irscope's writers).

Every file irscope writes goes through one wrapper (lib/Support/Fs.c) whose
fault hook IRS_FAULT_WRITE=N:WHAT:COUNTER fails the Nth write point of the
whole run (all processes) with an errno, or SIGKILLs the process there
(lib/Support/FaultWrite.h). For each writer this script counts the run's
write points (N=0), then:

  --mode=kill   SIGKILLs at write points (every one, or 60 spread over
                them) and at random times (the whole process group), and
                checks that what the run leaves is whole;
  --mode=fault  fails write points with ENOSPC, EIO, EACCES and EROFS and
                checks that each is reported: one error line naming the
                file the point writes (COUNTER.paths) and the error, the
                writer's documented exit code, and what was complete
                before intact; a fault in a dump or the manifest leaves -o
                as mlir-opt writes it. The only fault allowed to pass unreported
                is one in the files of a --repeat run whose failure was
                not new (dropped by design, whatever happens to them).

Whole means: manifest.xml, report.xml and repeat.xml are absent or valid
against their schemas; every file a manifest or report names exists, is no
temporary (".tmp-") and parses (mlir-opt); every .mlir a run left under its
real name parses; opt-reduce's -o is a module that still fails; the next
run into a fresh directory works. It prints one summary line per writer
and exits non-zero with the first few problems otherwise.
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

ERRNOS = {"ENOSPC": "No space left on device", "EIO": "Input/output error",
          "EACCES": "Permission denied", "EROFS": "Read-only file system"}
TIMEOUT = 60


def module(funcs):
    """A module of about 10 lines per function that canonicalize and cse
    change, with one arith.muli for the failing passes to find."""
    out = []
    for i in range(funcs):
        out.append(f"func.func @f{i}(%a: i32, %b: i32) -> i32 {{\n"
                   f"  %c0 = arith.constant 0 : i32\n"
                   f"  %c1 = arith.constant 1 : i32\n"
                   f"  %0 = arith.addi %a, %c0 : i32\n"
                   f"  %1 = arith.addi %a, %c0 : i32\n"
                   f"  %2 = arith.addi %0, %1 : i32\n"
                   f"  %3 = arith.subi %2, %b : i32\n"
                   f"  %4 = arith.addi %3, %c1 : i32\n"
                   f"  return %4 : i32\n}}\n")
    out.append("func.func @bad(%a: i32) -> i32 {\n"
               "  %0 = arith.muli %a, %a : i32\n  return %0 : i32\n}\n")
    return "".join(out)


def error_lines(err):
    return [l for l in err.splitlines() if ": error: " in l]


class Harness:
    def __init__(self, a):
        self.a = a
        self.problems = []
        self.work = a.work
        self.mlir_opt = a.mlir_opt
        self.schemas = a.schemas

    def problem(self, writer, what):
        self.problems.append(f"{writer}: {what}")

    # -- running ---------------------------------------------------------
    def run(self, argv, fault=None, counter=None, kill_after=None):
        env = dict(os.environ)
        env.pop("IRS_FAULT_WRITE", None)
        if fault is not None:
            env["IRS_FAULT_WRITE"] = f"{fault}:{counter}"
        p = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, start_new_session=True,
                             cwd=self.work)
        try:
            out, err = p.communicate(timeout=kill_after or TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
        # The worker dies with its supervisor (PR_SET_PDEATHSIG); wait for
        # the group to be gone so that the checks see the final state.
        for _ in range(200):
            try:
                os.killpg(p.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.02)
        else:
            os.killpg(p.pid, signal.SIGKILL)
            return p.returncode, err.decode(errors="replace"), "left processes"
        return p.returncode, err.decode(errors="replace"), None

    def faulted(self, counter, n):
        """The path the failing point n wrote in the last run, or None."""
        if not os.path.exists(counter + ".paths"):
            return None
        with open(counter + ".paths") as f:
            for line in f:
                at, _, p = line.rstrip("\n").partition(" ")
                if at == str(n):
                    return re.sub(r"\.tmp-[0-9]+-[A-Za-z0-9]{6}$", "", p)
        return None

    def count(self, argv, fresh):
        """The clean run's exit code, its number of write points and the
        file each point writes (COUNTER.paths, FaultWrite.h), temporaries
        named by the file they become."""
        fresh()
        counter = os.path.join(self.work, "counter")
        for f in (counter, counter + ".paths"):
            if os.path.exists(f):
                os.unlink(f)
        rc, err, _ = self.run(argv, "0:KILL", counter)
        paths = {}
        if os.path.exists(counter + ".paths"):
            with open(counter + ".paths") as f:
                for line in f:
                    n, _, p = line.rstrip("\n").partition(" ")
                    paths[int(n)] = re.sub(r"\.tmp-[0-9]+-[A-Za-z0-9]{6}$", "", p)
        return (rc, os.path.getsize(counter) if os.path.exists(counter)
                else 0, paths, len(error_lines(err)))

    # -- checks ----------------------------------------------------------
    def parses(self, path):
        r = subprocess.run([self.mlir_opt, path, "-o", os.devnull,
                            "--allow-unregistered-dialect",
                            "--mlir-very-unsafe-disable-verifier-on-parsing"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=TIMEOUT)
        return r.returncode == 0

    def valid(self, path, xsd):
        r = subprocess.run(["xmllint", "--noout", "--schema",
                            os.path.join(self.schemas, xsd), path],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=TIMEOUT)
        return r.returncode == 0

    def check_dir(self, writer, d):
        """What a run left in run directory `d` (recursively) is whole."""
        if not os.path.isdir(d):
            return
        for root, _, files in os.walk(d):
            for f in files:
                p = os.path.join(root, f)
                if ".tmp-" in f:
                    continue  # a temporary: never read as a result
                for doc, xsd in (("manifest.xml", "manifest.xsd"),
                                 ("report.xml", "report.xsd"),
                                 ("repeat.xml", "repeat.xsd")):
                    if f == doc:
                        if not self.valid(p, xsd):
                            self.problem(writer, f"{p} is not a valid {doc}")
                        else:
                            self.check_named(writer, root, p)
                if f.endswith(".mlir") and not self.parses(p):
                    self.problem(writer, f"{p} does not parse")

    def check_named(self, writer, root, doc):
        """Every file a document names exists and is not a temporary."""
        try:
            tree = ET.parse(doc)
        except ET.ParseError as e:
            self.problem(writer, f"{doc}: {e}")
            return
        for el in tree.iter():
            for attr in ("file", "dump"):
                name = el.get(attr)
                if not name or "/" in name and not name.startswith(root):
                    continue
                if ".tmp-" in name:
                    self.problem(writer, f"{doc} names temporary {name}")
                elif el.get("pending") != "true" and \
                        not os.path.exists(os.path.join(root, name)):
                    self.problem(writer, f"{doc} names missing {name}")

    def check_error_line(self, writer, n, what, path, rc, err, codes, base):
        """The fault at point n (writing `path`) was reported: one error
        line, naming the file and the error (its own, or the failure's
        line of a run that failed anyway, `base` error lines in all), and
        the writer's documented exit code for it."""
        lines = error_lines(err)
        said = [l for l in lines if ERRNOS[what] in l]
        if rc not in codes:
            self.problem(writer, f"{what} at {n} ({path}): exit {rc}, "
                         f"expected {sorted(codes)}; stderr: {err[-300:]!r}")
        if not said:
            self.problem(writer, f"{what} at {n} ({path}): no error line "
                         f"says '{ERRNOS[what]}'; stderr: {err[-300:]!r}")
        elif path not in said[0]:
            self.problem(writer, f"{what} at {n}: the error line does not "
                         f"name {path}: {said[0]!r}")
        if len(said) > 1 or len(lines) > base + 1:
            self.problem(writer, f"{what} at {n} ({path}): {len(lines)} "
                         f"error lines: {lines!r}")

    def discarded(self, path, rep):
        """Whether `path` is in the scratch directory of a --repeat run
        whose failure was not new (its artefacts are dropped by design:
        repeat.xml names only each signature's first run's)."""
        m = re.search(r"/\.run-(\d+)/", path)
        xml = os.path.join(rep, "repeat.xml")
        if not m or not os.path.exists(xml):
            return False
        first = {el.get("first-run") for el in ET.parse(xml).iter()
                 if el.tag == "signature"}
        return m.group(1) not in first


def writers(h, a, src):
    """(name, argv, fresh, dirs to check, extra check, the exit codes of
    a fault in a file (a failure's artefacts keep the failure's code, the
    write error appended to its line; docs/irscope-opt.md))."""
    w = h.work
    dump = os.path.join(w, "d")
    fail = os.path.join(w, "f")
    rep = os.path.join(w, "r")
    out = os.path.join(w, "out.mlir")
    page = os.path.join(w, "page")
    cdump = os.path.join(w, "cd")
    ndump = os.path.join(w, "nd")
    pipeline = ("builtin.module(func.func(canonicalize,cse,canonicalize),"
                "symbol-dce,func.func(cse),canonicalize,cse)")

    def clean(*paths):
        def f():
            for p in paths:
                if os.path.isdir(p):
                    shutil.rmtree(p)
                elif os.path.exists(p):
                    os.unlink(p)
        return f

    def plain_output_of(pipeline, plain):
        def plain_output(writer, path=None):
            """A fault in a dump or the manifest (any file but -o) leaves
            -o byte for byte as mlir-opt writes it: irscope-opt goes on as
            the plain tool does."""
            if path is None or path == out:
                return
            if not os.path.exists(plain):
                subprocess.run([h.mlir_opt, src, f"--pass-pipeline={pipeline}",
                                "-o", plain], check=True, timeout=TIMEOUT)
            if not os.path.exists(out):
                h.problem(writer, f"fault in {path}: no -o")
                return
            with open(out, "rb") as f, open(plain, "rb") as g:
                if f.read() != g.read():
                    h.problem(writer, f"fault in {path}: -o is not mlir-opt's")
        return plain_output

    plain_output = plain_output_of(pipeline, os.path.join(w, "plain.mlir"))
    # A conversion's dump printed in place on two threads and written by a
    # thread during the next step (forks forced not to pay, as on hosts
    # whose page faults are slow).
    conversion = "builtin.module(convert-arith-to-llvm,cse)"
    idump = os.path.join(w, "id")

    def still_fails(writer, path=None):
        if not os.path.exists(out):
            return
        if not h.parses(out):
            h.problem(writer, "-o does not parse")
            return
        r = subprocess.run(["irscope-opt", out, "--pass-pipeline=builtin."
                            "module(func.func(irs-test-fail{op=arith.muli}))",
                            "-o", os.devnull], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=TIMEOUT,
                           cwd=w)
        if r.returncode != 1:
            h.problem(writer, f"-o no longer fails (exit {r.returncode})")

    def page_ok(writer, path=None):
        html = os.path.join(page, "report.html")
        if os.path.exists(html):
            with open(html, "rb") as f:
                if not f.read().rstrip().endswith(b"</html>"):
                    h.problem(writer, "report.html is cut short")

    def make_page():
        clean(page)()
        subprocess.run(["irscope-opt", src, f"--pass-pipeline={pipeline}",
                        f"--dump-after-each={page}", "-o", os.devnull],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=TIMEOUT, cwd=w)

    opt = ["irscope-opt", src]
    return [
        ("dumps", opt + [f"--pass-pipeline={pipeline}",
                         f"--dump-after-each={dump}", "-o", out],
         clean(dump, out), [dump], plain_output, lambda p: {4}),
        ("dumps-in-place", ["env", "IRS_TEST_FORKS_PAY=0"] + opt +
         [f"--pass-pipeline={conversion}", f"--dump-after-each={idump}",
          "-o", out],
         clean(idump, out), [idump],
         plain_output_of(conversion, os.path.join(w, "plain-conv.mlir")),
         lambda p: {4}),
        ("failure", opt + ["--pass-pipeline=builtin.module(func.func("
                           "canonicalize,cse,irs-test-crash{op=arith.muli}))",
                           f"--failure-dir={fail}", "-o", out],
         clean(fail, out), [fail], lambda n, p=None: None, lambda p: {5}),
        ("reduce", ["opt-reduce", src, "--pass-pipeline=builtin.module("
                    "func.func(irs-test-fail{op=arith.muli}))", "-o", out],
         clean(out), [], still_fails, lambda p: {4}),
        ("repeat", opt + ["--pass-pipeline=builtin.module(func.func("
                          "irs-test-flaky{op=arith.muli rate=0.5}))",
                          "--repeat=4", "--seed=7", f"--failure-dir={rep}"],
         clean(rep), [rep], lambda n, p=None: None,
         lambda p: {4} if p.endswith("/repeat.xml") else {1}),
        ("page", ["irscope-report", page], lambda: None, [page], page_ok,
         lambda p: {4}),
        # A worker that dies with a dump directory: the replays' files,
        # report.xml and the manifest marked, all in the dump directory.
        ("crash-dumps", opt + ["--pass-pipeline=builtin.module(func.func("
                               "canonicalize,cse,irs-test-crash{op=arith."
                               "muli}))", f"--dump-after-each={cdump}",
                               "-o", out],
         clean(cdump, out), [cdump], lambda n, p=None: None,
         lambda p: {4, 5} if run_file(p) else {5}),
        # A verifier failure narrowed to one rewrite: the action's files
        # and the manifest written after them (a real case, see
        # test/PassManager/narrow-verifier.mlir).
        ("narrow", ["irscope-opt", "--allow-unregistered-dialect",
                    a.verifier_input, "--pass-pipeline=builtin.module("
                    "convert-xegpu-to-xevm)", f"--dump-after-each={ndump}",
                    "-o", out],
         clean(ndump, out), [ndump], lambda n, p=None: None,
         lambda p: {3, 4} if run_file(p) else {3}),
    ], make_page


def run_file(path):
    """A dump or the manifest: written before a failure (which a write
    error then prevents: exit 4) and after it (the failure's code)."""
    name = os.path.basename(path)
    return name == "manifest.xml" or re.match(r"\d{4}-", name) is not None


def spread(total, k):
    if total <= k:
        return list(range(1, total + 1))
    return sorted({1 + (i * (total - 1)) // (k - 1) for i in range(k)})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=("kill", "fault"), required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--mlir-opt", required=True)
    ap.add_argument("--schemas", required=True)
    ap.add_argument("--verifier-input", default="",
                    help="a module convert-xegpu-to-xevm breaks (the "
                    "narrow writer runs only with it)")
    ap.add_argument("--funcs", type=int, default=250)
    ap.add_argument("--points", type=int, default=60)
    ap.add_argument("--random-kills", type=int, default=10)
    ap.add_argument("--kills", type=int, default=50,
                    help="kills per writer at least, random ones included")
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    src = os.path.join(a.work, "in.mlir")
    with open(src, "w") as f:
        f.write(module(a.funcs))
    h = Harness(a)
    rng = random.Random(35)
    table, make_page = writers(h, a, src)
    make_page()
    counter = os.path.join(a.work, "counter")
    for name, argv, fresh, dirs, extra, codes in table:
        if a.only and name not in a.only.split(",") or \
                name == "narrow" and not a.verifier_input:
            continue
        rc0, total, paths, base = h.count(argv, fresh)
        if total == 0:
            h.problem(name, f"no write points (exit {rc0})")
            continue
        tried = dropped = unreached = 0
        for n in spread(total, a.points):
            fresh()
            for f in (counter, counter + ".paths"):
                if os.path.exists(f):
                    os.unlink(f)
            if a.mode == "kill":
                rc, err, left = h.run(argv, f"{n}:KILL", counter)
            else:
                what = list(ERRNOS)[n % len(ERRNOS)]
                rc, err, left = h.run(argv, f"{n}:{what}", counter)
                # The file the fault was in, in this run's order of its
                # points (threads writing two files at once may swap them).
                path = h.faulted(counter, n) or paths.get(n, "?")
                reached = os.path.exists(counter) and \
                    os.path.getsize(counter) >= n
                if not reached:
                    # opt-reduce puts off writes by the time they take:
                    # a run may have fewer points than the counted one.
                    unreached += 1
                elif rc == rc0 and ERRNOS[what] not in err and \
                        name == "repeat" and h.discarded(path, dirs[0]):
                    dropped += 1
                else:
                    h.check_error_line(name, n, what, path, rc, err,
                                       codes(path), base)
            if left:
                h.problem(name, f"point {n}: {left}")
            for d in dirs:
                h.check_dir(name, d)
            extra(name, path if a.mode == "fault" else None)
            tried += 1
        randoms = 0
        if a.mode == "kill":
            # At random times: the whole process group, parent and worker.
            t0 = time.monotonic()
            fresh()
            h.run(argv)
            full = time.monotonic() - t0
            # Writers with few write points get the rest of a.kills here.
            for _ in range(max(a.random_kills, a.kills - tried)):
                fresh()
                h.run(argv, kill_after=rng.uniform(0.01, max(full, 0.05)))
                for d in dirs:
                    h.check_dir(name, d)
                extra(name)
                randoms += 1
        # The next run into a fresh directory works.
        fresh()
        rc, err, _ = h.run(argv)
        if rc != rc0:
            h.problem(name, f"a fresh run after the faults exits {rc}, "
                      f"not {rc0}: {err[-300:]!r}")
        print(f"{name}: {total} write points, {tried} "
              f"{'kills' if a.mode == 'kill' else 'faults'} at write points"
              + (f", {randoms} at random times" if a.mode == "kill" else
                 f" ({dropped} in a dropped run's files, {unreached} not "
                 f"reached), each reported")
              + ", all whole" if not [p for p in h.problems
                                     if p.startswith(name + ":")]
              else f"{name}: problems")
        sys.stdout.flush()
    for p in h.problems[:20]:
        print("PROBLEM:", p)
    return 1 if h.problems else 0


if __name__ == "__main__":
    sys.exit(main())
