#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the input of the MLIR 22 liveness race (llvm/llvm-project#207834).

N functions (default 64) with an scf.for, scf.if or scf.while each: under `func.func(convert-scf-to-cf),func.func(test-print-liveness)`
MLIR merges the two nested pipelines and runs both passes per function on
its threads, and mlir-opt 22 crashes in a fraction of runs.

Usage: bench/gen_scf_race.py [--funcs 64] [-o out.mlir]
"""
import argparse
import sys

# One construct per function, in turn: small functions keep a run short
# (test-print-liveness prints every value's uses with module-wide names).
FUNCS = [
    """\
func.func @f{i}(%n: index, %x: i32) -> i32 {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {{
    %s = arith.addi %acc, %x : i32
    scf.yield %s : i32
  }}
  return %r : i32
}}
""",
    """\
func.func @f{i}(%p: i1, %x: i32) -> i32 {{
  %a = scf.if %p -> (i32) {{
    %s = arith.addi %x, %x : i32
    scf.yield %s : i32
  }} else {{
    scf.yield %x : i32
  }}
  return %a : i32
}}
""",
    """\
func.func @f{i}(%x: i32, %lim: i32) -> i32 {{
  %w = scf.while (%v = %x) : (i32) -> i32 {{
    %c = arith.cmpi slt, %v, %lim : i32
    scf.condition(%c) %v : i32
  }} do {{
  ^bb0(%v2: i32):
    %v3 = arith.addi %v2, %x : i32
    scf.yield %v3 : i32
  }}
  return %w : i32
}}
""",
]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--funcs", type=int, default=64)
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    text = "".join(FUNCS[i % len(FUNCS)].format(i=i) for i in range(a.funcs))
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
