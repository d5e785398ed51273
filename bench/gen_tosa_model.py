#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes a TOSA model of LAYERS transformer-like layers, one func.func each.

Each layer: a matmul with zero points against a weight and a bias add
(both derived from the layer's input, so that no weight becomes a global:
MLIR names the globals of constants in an order that varies from run to
run, and the output must be comparable byte for byte), then one of three gates (sigmoid and mul; exp, reduce_sum, reciprocal and
mul; tanh, clamp and sub), and a residual add. `@forward` calls the layers
in a chain. The shape of a model-conversion workload: few big module-level
conversions whose output grows about twentyfold (see bench/model.py).
Deterministic for a given LAYERS and --seq/--dim.

Usage: bench/gen_tosa_model.py LAYERS [--seq 16] [--dim 32] [-o FILE]
"""
import argparse
import sys


def layer(i, seq, dim):
    t = "tensor<1x%dx%dxf32>" % (seq, dim)
    w = "tensor<1x%dx%dxf32>" % (dim, seq)
    b = "tensor<1x1x%dxf32>" % dim
    r = "tensor<1x%dx1xf32>" % seq
    out = [
        "func.func @layer%d(%%x: %s) -> %s {" % (i, t, t),
        '  %zp = "tosa.const"() {values = dense<0.0> : tensor<1xf32>} : () -> tensor<1xf32>',
        '  %sh = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>',
        "  %%w = tosa.transpose %%x {perms = array<i32: 0, 2, 1>} : (%s) -> %s" % (t, w),
        "  %%b = tosa.reduce_sum %%x {axis = 1 : i32} : (%s) -> %s" % (t, b),
        "  %%m = tosa.matmul %%x, %%w, %%zp, %%zp : (%s, %s, tensor<1xf32>, tensor<1xf32>) -> tensor<1x%dx%dxf32>"
        % (t, w, seq, seq),
        "  %%mr = tosa.matmul %%m, %%x, %%zp, %%zp : (tensor<1x%dx%dxf32>, %s, tensor<1xf32>, tensor<1xf32>) -> %s"
        % (seq, seq, t, t),
        "  %%a = tosa.add %%mr, %%b : (%s, %s) -> %s" % (t, b, t),
    ]
    gate = i % 3
    if gate == 0:
        out += [
            "  %%s = tosa.sigmoid %%a : (%s) -> %s" % (t, t),
            "  %%g = tosa.mul %%a, %%s, %%sh : (%s, %s, tensor<1xi8>) -> %s" % (t, t, t),
        ]
    elif gate == 1:
        out += [
            "  %%e = tosa.exp %%a : (%s) -> %s" % (t, t),
            "  %%r = tosa.reduce_sum %%e {axis = 2 : i32} : (%s) -> %s" % (t, r),
            "  %%c = tosa.reciprocal %%r : (%s) -> %s" % (r, r),
            "  %%g = tosa.mul %%e, %%c, %%sh : (%s, %s, tensor<1xi8>) -> %s" % (t, r, t),
        ]
    else:
        out += [
            "  %%h = tosa.tanh %%a : (%s) -> %s" % (t, t),
            "  %%c = tosa.clamp %%h {min_val = -1.0 : f32, max_val = 1.0 : f32} : (%s) -> %s"
            % (t, t),
            "  %%g = tosa.sub %%c, %%a : (%s, %s) -> %s" % (t, t, t),
        ]
    out += [
        "  %%o = tosa.add %%g, %%x : (%s, %s) -> %s" % (t, t, t),
        "  return %%o : %s" % t,
        "}",
    ]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("layers", type=int)
    ap.add_argument("--seq", type=int, default=16)
    ap.add_argument("--dim", type=int, default=32)
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    t = "tensor<1x%dx%dxf32>" % (args.seq, args.dim)
    lines = []
    for i in range(args.layers):
        lines += layer(i, args.seq, args.dim)
    lines.append("func.func @forward(%%x0: %s) -> %s {" % (t, t))
    for i in range(args.layers):
        lines.append("  %%x%d = func.call @layer%d(%%x%d) : (%s) -> %s"
                     % (i + 1, i, i, t, t))
    lines.append("  return %%x%d : %s" % (args.layers, t))
    lines.append("}")
    text = "\n".join(lines) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
