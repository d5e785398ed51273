#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a module of N functions whose print has aliases (affine.apply
maps, a memref layout), half of them with math.exp: gen_aliased.py N OUT"""
import sys

n, out = int(sys.argv[1]), sys.argv[2]
parts = []
for i in range(n):
    if i % 2 == 0:
        parts.append("""func.func @f%d(%%x: f32, %%i: index, %%m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>) -> f32 {
  %%c = arith.constant %d.0 : f32
  %%0 = arith.mulf %%x, %%c : f32
  %%1 = math.exp %%0 : f32
  %%j = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%%i]
  %%v = memref.load %%m[%%i, %%j] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>
  %%2 = arith.addf %%1, %%v : f32
  %%3 = arith.addf %%1, %%v : f32
  %%4 = arith.addf %%2, %%3 : f32
  return %%4 : f32
}""" % (i, i))
    else:
        parts.append("""func.func @f%d(%%x: i32, %%i: index) -> index {
  %%c = arith.constant %d : i32
  %%0 = arith.addi %%x, %%c : i32
  %%j = affine.apply affine_map<()[s0] -> (s0 * %d)>()[%%i]
  return %%j : index
}""" % (i, i, i % 7 + 2))
with open(out, "w") as f:
    f.write("\n".join(parts) + "\n")
