# SPDX-License-Identifier: Apache-2.0
"""--verify-diagnostics conformance: irscope-opt against mlir-opt.

For every upstream MLIR test file given (Inputs/upstream, see the README
there), takes the mlir-opt flags of its first RUN line that uses
-verify-diagnostics, runs irscope-opt and mlir-opt with them, and then runs
both again on mutants of the file in which one expectation no longer
matches: its text changed, or its line moved. Each run's exit codes must
agree (and the unmutated file must pass, or fail under `not`, with both),
and so must their stderr, byte for byte.

With --format (Inputs/format), the files are not about -verify-diagnostics:
their RUN line makes mlir-opt report parse errors, verifier errors or pass
failures, and irscope-opt run with the same flags (both by default and with
--diagnostic-format=mlir) must print the same diagnostics, byte for byte
(its own "irscope-opt: " summary lines left out), and fail too.

Prints one line per file and a summary line; exits 1 on any disagreement.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

EXPECT = re.compile(r"expected-(error|note|remark|warning)(-re)? *"
                    r"(@([+-][0-9]+|above|below|unknown))? *\{\{")


def run_line(path, need="-verify-diagnostics"):
    """The mlir-opt arguments of the first RUN line with `need`, and whether
    that line expects mlir-opt to fail (`not mlir-opt`)."""
    cmds, cur = [], ""
    for line in open(path, encoding="utf-8"):
        m = re.match(r"\s*//\s*RUN:(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            cur += part[:-1] + " "
            continue
        cmds.append(cur + part)
        cur = ""
    for cmd in cmds:
        cmd = cmd.split("|")[0]
        if need not in cmd or "mlir-opt" not in cmd:
            continue
        args = shlex.split(cmd)
        args = [a for a in args if not re.match(r"^[0-9]?>", a)]
        at = args.index("mlir-opt")
        return args[at + 1:], "not" in args[:at]
    return None, False


def run(tool, args, path):
    args = [path if a == "%s" else a for a in args]
    p = subprocess.run([tool] + args, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, timeout=300)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def mutants(text):
    """(description, mutated text) pairs: for the first, a middle and the
    last expectation, one with changed text and one on another line."""
    lines = text.split("\n")
    where = [i for i, l in enumerate(lines) if EXPECT.search(l)]
    picks = sorted(set([where[0], where[len(where) // 2], where[-1]])) if where else []
    out = []
    for i in picks:
        line = lines[i]
        m = EXPECT.search(line)
        brace = m.end()
        text_mut = line[:brace] + "XYZZY " + line[brace:]
        desig = m.group(3)
        if desig is None:
            loc_mut = line[:m.end(2) if m.group(2) else m.end(1)] + "@+7" + \
                line[m.end(2) if m.group(2) else m.end(1):]
        elif desig in ("@above", "@below", "@unknown"):
            loc_mut = line[:m.start(3)] + "@-7" + line[m.end(3):]
        else:
            n = int(desig[2:]) + 7
            loc_mut = line[:m.start(3)] + desig[:2] + str(n) + line[m.end(3):]
        for kind, new in (("text", text_mut), ("line", loc_mut)):
            mutated = list(lines)
            mutated[i] = new
            out.append(("%s@%d" % (kind, i + 1), "\n".join(mutated)))
    return out


def check(irs, mlir, path, args, label, failures):
    ri, ei = run(irs, args, path)
    rm, em = run(mlir, args, path)
    ok = ri == rm and ei == em
    if not ok:
        failures.append("%s %s: irscope-opt %d, mlir-opt %d\n--- irscope-opt\n%s"
                        "--- mlir-opt\n%s" % (os.path.basename(path), label, ri,
                                              rm, ei, em))
    return ok, ri, rm


def check_format(irs, mlir, files):
    failures, count = [], 0
    for path in files:
        args, _ = run_line(path, need="mlir-opt")
        rm, em = run(mlir, args, path)
        n = em.count(": error: ")
        count += n
        # The default form and the explicit --diagnostic-format=mlir must
        # both be mlir-opt's.
        ok = True
        for extra in ([], ["--diagnostic-format=mlir"]):
            ri, ei = run(irs, args + extra, path)
            ei = "".join(l for l in ei.splitlines(True)
                         if not l.startswith("irscope-opt: "))
            ok = ok and ei == em and (ri != 0) == (rm != 0)
        if not ok:
            failures.append("%s: irscope-opt %d, mlir-opt %d\n--- irscope-opt\n"
                            "%s--- mlir-opt\n%s" % (path, ri, rm, ei, em))
        print("%s: %d errors, %s" % (os.path.basename(path), n,
                                      "same" if ok else "DIFFERENT"))
    for f in failures:
        print("MISMATCH " + f)
    print("format: %d files, %d errors, %d mismatches" %
          (len(files), count, len(failures)))
    return 1 if failures else 0


def main():
    fmt = sys.argv[1] == "--format"
    argv = sys.argv[2:] if fmt else sys.argv[1:]
    irs, mlir = argv[0], argv[1]
    files = sorted(os.path.join(d, f) for d in argv[2:]
                   for f in os.listdir(d) if f.endswith(".mlir"))
    if fmt:
        return check_format(irs, mlir, files)
    failures = []
    total_mut = failing_mut = 0
    for path in files:
        args, must_fail = run_line(path)
        if args is None:
            failures.append("%s: no RUN line with -verify-diagnostics" % path)
            continue
        ok, ri, rm = check(irs, mlir, path, args, "as is", failures)
        if (ri != 0 or rm != 0) != must_fail:
            failures.append("%s: as is, irscope-opt %d, mlir-opt %d, but the "
                            "RUN line expects %s" % (path, ri, rm,
                                                     "failure" if must_fail
                                                     else "success"))
            ok = False
        text = open(path, encoding="utf-8").read()
        agree, muts = 0, mutants(text)
        with tempfile.TemporaryDirectory() as tmp:
            mpath = os.path.join(tmp, os.path.basename(path))
            for label, mtext in muts:
                with open(mpath, "w", encoding="utf-8") as f:
                    f.write(mtext)
                mok, mri, mrm = check(irs, mlir, mpath, args, label, failures)
                agree += mok and mri == mrm
                failing_mut += mrm != 0
        total_mut += len(muts)
        print("%s: %s, %d/%d mutants agree" % (
            os.path.basename(path), "as expected" if ok else "NOT AS EXPECTED",
            agree, len(muts)))
    for f in failures:
        print("MISMATCH " + f)
    print("conformance: %d files, %d mutants (%d fail with mlir-opt), "
          "%d mismatches" % (len(files), total_mut, failing_mut, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
