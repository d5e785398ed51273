#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""R7: every symbol libirscope exports is either ours (irs*, declared in a
public header under include/irscope/) or part of the MLIR C API we re-export
(mlir*). Prints one line per offending symbol and a summary."""
import glob
import os
import re
import subprocess
import sys

lib, include_dir = sys.argv[1], sys.argv[2]
out = subprocess.run(["nm", "-D", "--defined-only", "--format=posix", lib],
                     check=True, capture_output=True, text=True).stdout
syms = [l.split()[0] for l in out.splitlines() if l.strip()]
headers = "".join(open(h).read() for h in glob.glob(os.path.join(include_dir, "*.h")))
declared = set(re.findall(r"\b(irs[A-Za-z0-9_]+)\s*\(", headers))
bad = 0
irs = 0
for s in sorted(syms):
    if s.startswith("mlir"):
        continue
    if s.startswith("irs"):
        irs += 1
        if s not in declared:
            print("undeclared export: %s" % s)
            bad += 1
        continue
    print("foreign export: %s" % s)
    bad += 1
print("exports: %d irs, %d bad" % (irs, bad))
sys.exit(1 if bad else 0)
