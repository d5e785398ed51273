#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Prints a module of FUNCS functions @PREFIX<i> (about 110 bytes of output
each) that canonicalize changes; with --muli, the middle one holds an
arith.muli for irs-test-abort{op=arith.muli} to die on.

Usage: gen_big_chunk.py FUNCS PREFIX [--muli]"""
import sys

funcs = int(sys.argv[1])
prefix = sys.argv[2]
muli = "--muli" in sys.argv[3:]
out = []
for i in range(funcs):
    op = "arith.muli" if muli and i == funcs // 2 else "arith.addi"
    out.append(f"func.func @{prefix}{i}(%a: i32) -> i32 {{\n"
               f"  %c0 = arith.constant 0 : i32\n"
               f"  %b = arith.addi %a, %c0 : i32\n"
               f"  %c = {op} %b, %b : i32\n"
               f"  return %c : i32\n}}\n")
sys.stdout.write("".join(out))
