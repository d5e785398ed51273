#!/usr/bin/env python3
"""Generate a large, valid, deterministic MLIR module for benchmarking irscope.

The module is built from repeated "chunks" of functions that give a realistic
pass pipeline real work to do:

  * private helpers (i32 / f32), small enough that `inline` eats them all;
  * public loop workers: `scf.for` with iter_args, `scf.if` with yields,
    arith.addi/muli/subi/cmpi/select, loop-invariant values computed inside
    the loop body (for loop-invariant-code-motion), duplicated constants and
    subexpressions, x+0 / x*1 (for canonicalize / cse);
  * public memref workers: memref.alloc / store / load / dealloc on
    memref<16xf32> and memref<16xi32> with index operands, float arith;
  * public drivers that call earlier workers (never other drivers, so
    inlining grows the IR by a bounded factor) and helpers;
  * dead private functions nobody calls (for symbol-dce).

Calls only ever target functions defined earlier in the file, so there is no
recursion. Output is fully determined by --seed and --lines.

Target pipeline (must verify and run cleanly):
  mlir-opt --pass-pipeline='builtin.module(func.func(canonicalize,cse),inline,
    func.func(loop-invariant-code-motion,canonicalize),sccp,symbol-dce,
    convert-scf-to-cf,canonicalize,cse)'

Usage: gen_module.py [--lines N] [--seed S] [-o FILE]
"""

import argparse
import random
import sys


class Func:
    """Accumulates the body of one func.func with fresh SSA names."""

    def __init__(self):
        self.lines = []
        self.n = 0
        self.depth = 1

    def fresh(self):
        self.n += 1
        return "%%v%d" % self.n

    def emit(self, text):
        self.lines.append("  " * self.depth + text)

    def op(self, text):
        v = self.fresh()
        self.emit("%s = %s" % (v, text))
        return v

    # convenience wrappers -------------------------------------------------
    def ci(self, value, ty="i32"):
        return self.op("arith.constant %d : %s" % (value, ty))

    def cf(self, value):
        return self.op("arith.constant %s : f32" % repr(float(value)))

    def bin(self, name, a, b, ty="i32"):
        return self.op("arith.%s %s, %s : %s" % (name, a, b, ty))


class Gen:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.helpers_i = []   # private (i32, i32) -> i32
        self.helpers_f = []   # private (f32, f32) -> f32
        self.workers_i = []   # public (i32, i32, index) -> i32
        self.workers_f = []   # public (f32, index) -> f32
        self.count = 0

    def name(self, prefix):
        self.count += 1
        return "%s_%d" % (prefix, self.count)

    def pick(self, pool, recent=32):
        return self.rng.choice(pool[-recent:])

    # ---------------------------------------------------------------------
    def int_chain(self, f, vals, steps):
        """Random arith chain over i32 values; returns the last value."""
        r = self.rng
        for _ in range(steps):
            # Bias towards the newest value so most of the chain stays live.
            a = vals[-1] if r.random() < 0.6 else r.choice(vals)
            b = r.choice(vals)
            kind = r.randrange(6)
            if kind == 0:
                v = f.bin("addi", a, b)
            elif kind == 1:
                v = f.bin("muli", a, b)
            elif kind == 2:
                v = f.bin("subi", a, b)
            elif kind == 3:
                c = f.op("arith.cmpi %s, %s, %s : i32"
                         % (r.choice(["slt", "sgt", "eq", "ne", "sle"]), a, b))
                v = f.op("arith.select %s, %s, %s : i32" % (c, a, b))
            elif kind == 4:
                # canonicalize fodder: x + 0, x * 1
                z = f.ci(0)
                o = f.ci(1)
                t = f.bin("addi", a, z)
                v = f.bin("muli", t, o)
            else:
                # cse fodder: the same expression computed twice
                k = f.ci(r.randrange(2, 9))
                t1 = f.bin("muli", a, k)
                t2 = f.bin("muli", a, k)
                v = f.bin("addi", t1, t2)
            vals.append(v)
        return vals[-1]

    def helper_i(self):
        f = Func()
        name = self.name("helper_i")
        k = self.rng.randrange(1, 100)
        c = f.ci(k)
        c2 = f.ci(k)  # duplicate constant
        t = f.bin("addi", "%a", c)
        u = f.bin("muli", t, "%b")
        w = f.bin("subi", u, c2)
        f.emit("return %s : i32" % w)
        self.helpers_i.append(name)
        return ["func.func private @%s(%%a: i32, %%b: i32) -> i32 {" % name] \
            + f.lines + ["}"]

    def helper_f(self):
        f = Func()
        name = self.name("helper_f")
        c = f.cf(self.rng.choice([0.5, 1.5, 2.0, 3.25]))
        t = f.bin("mulf", "%a", c, "f32")
        u = f.bin("addf", t, "%b", "f32")
        f.emit("return %s : f32" % u)
        self.helpers_f.append(name)
        return ["func.func private @%s(%%a: f32, %%b: f32) -> f32 {" % name] \
            + f.lines + ["}"]

    def dead(self):
        f = Func()
        name = self.name("dead")
        vals = ["%a", f.ci(self.rng.randrange(100))]
        if self.helpers_i and self.rng.random() < 0.5:
            vals.append(f.op("func.call @%s(%s, %s) : (i32, i32) -> i32"
                             % (self.pick(self.helpers_i), vals[0], vals[1])))
        v = self.int_chain(f, vals, self.rng.randrange(2, 6))
        f.emit("return %s : i32" % v)
        return ["func.func private @%s(%%a: i32) -> i32 {" % name] \
            + f.lines + ["}"]

    def worker_loop(self):
        r = self.rng
        f = Func()
        name = self.name("loop")
        c0 = f.ci(0, "index")
        c1 = f.ci(1, "index")
        init = f.ci(r.randrange(10))
        res = f.fresh()
        f.emit("%s = scf.for %%i = %s to %%n step %s iter_args(%%acc = %s) -> (i32) {"
               % (res, c0, c1, init))
        f.depth += 1
        # loop-invariant work: depends only on args and constants
        k = f.ci(r.randrange(2, 50))
        inv1 = f.bin("muli", "%a", k)
        inv2 = f.bin("addi", inv1, "%b")
        iv = f.op("arith.index_cast %i : index to i32")
        vals = [iv, "%acc", inv2]
        if self.helpers_i:
            vals.append(f.op("func.call @%s(%s, %s) : (i32, i32) -> i32"
                             % (self.pick(self.helpers_i), iv, inv2)))
        x = self.int_chain(f, vals, r.randrange(3, 9))
        cond = f.op("arith.cmpi slt, %s, %s : i32" % (x, inv2))
        y = f.fresh()
        f.emit("%s = scf.if %s -> (i32) {" % (y, cond))
        f.depth += 1
        t = f.bin("addi", x, "%acc")
        if self.helpers_i and r.random() < 0.5:
            t = f.op("func.call @%s(%s, %%a) : (i32, i32) -> i32"
                     % (self.pick(self.helpers_i), t))
        f.emit("scf.yield %s : i32" % t)
        f.depth -= 1
        f.emit("} else {")
        f.depth += 1
        e = self.int_chain(f, [x, "%acc", "%b"], r.randrange(1, 4))
        f.emit("scf.yield %s : i32" % e)
        f.depth -= 1
        f.emit("}")
        f.emit("scf.yield %s : i32" % y)
        f.depth -= 1
        f.emit("}")
        f.emit("return %s : i32" % res)
        self.workers_i.append(name)
        return ["func.func @%s(%%a: i32, %%b: i32, %%n: index) -> i32 {" % name] \
            + f.lines + ["}"]

    def worker_mem(self):
        r = self.rng
        f = Func()
        name = self.name("mem")
        c0 = f.ci(0, "index")
        c1 = f.ci(1, "index")
        c16 = f.ci(16, "index")
        m = f.op("memref.alloc() : memref<16xf32>")
        mi = f.op("memref.alloc() : memref<16xi32>")
        # fill loop
        f.emit("scf.for %%i = %s to %s step %s {" % (c0, c16, c1))
        f.depth += 1
        scale = f.cf(r.choice([0.25, 0.5, 2.0]))
        inv = f.bin("mulf", "%x", scale, "f32")   # loop invariant
        ii = f.op("arith.index_cast %i : index to i32")
        fi = f.op("arith.sitofp %s : i32 to f32" % ii)
        v = f.bin("addf", fi, inv, "f32")
        if self.helpers_f and r.random() < 0.6:
            v = f.op("func.call @%s(%s, %s) : (f32, f32) -> f32"
                     % (self.pick(self.helpers_f), v, inv))
        f.emit("memref.store %s, %s[%%i] : memref<16xf32>" % (v, m))
        f.emit("memref.store %s, %s[%%i] : memref<16xi32>" % (ii, mi))
        f.depth -= 1
        f.emit("}")
        # reduction loop
        zero = f.cf(0.0)
        res = f.fresh()
        f.emit("%s = scf.for %%j = %s to %s step %s iter_args(%%s = %s) -> (f32) {"
               % (res, c0, c16, c1, zero))
        f.depth += 1
        ld = f.op("memref.load %s[%%j] : memref<16xf32>" % m)
        li = f.op("memref.load %s[%%j] : memref<16xi32>" % mi)
        kk = f.op("arith.index_cast %k : index to i32")
        cond = f.op("arith.cmpi sle, %s, %s : i32" % (li, kk))
        y = f.fresh()
        f.emit("%s = scf.if %s -> (f32) {" % (y, cond))
        f.depth += 1
        p = f.bin("mulf", ld, "%x", "f32")
        q = f.bin("addf", p, "%s", "f32")
        f.emit("scf.yield %s : f32" % q)
        f.depth -= 1
        f.emit("} else {")
        f.depth += 1
        q2 = f.bin("subf", "%s", ld, "f32")
        f.emit("scf.yield %s : f32" % q2)
        f.depth -= 1
        f.emit("}")
        # conditional store without results
        cf = f.op("arith.cmpf olt, %s, %s : f32" % (y, "%x"))
        f.emit("scf.if %s {" % cf)
        f.depth += 1
        f.emit("memref.store %s, %s[%%j] : memref<16xf32>" % (y, m))
        f.depth -= 1
        f.emit("}")
        f.emit("scf.yield %s : f32" % y)
        f.depth -= 1
        f.emit("}")
        f.emit("memref.dealloc %s : memref<16xi32>" % mi)
        f.emit("memref.dealloc %s : memref<16xf32>" % m)
        f.emit("return %s : f32" % res)
        self.workers_f.append(name)
        return ["func.func @%s(%%x: f32, %%k: index) -> f32 {" % name] \
            + f.lines + ["}"]

    def driver(self):
        r = self.rng
        f = Func()
        name = self.name("driver")
        n = f.ci(r.randrange(4, 64), "index")
        n2 = f.ci(r.randrange(4, 64), "index")  # sccp/canonicalize fodder
        vals = ["%a", "%b"]
        for _ in range(r.randrange(2, 5)):
            w = self.pick(self.workers_i)
            vals.append(f.op("func.call @%s(%s, %s, %s) : (i32, i32, index) -> i32"
                             % (w, r.choice(vals), r.choice(vals),
                                r.choice([n, n2, "%n"]))))
        fv = f.op("arith.sitofp %s : i32 to f32" % vals[-1])
        for _ in range(r.randrange(1, 3)):
            w = self.pick(self.workers_f)
            fv = f.op("func.call @%s(%s, %s) : (f32, index) -> f32"
                      % (w, fv, r.choice([n, "%n"])))
        back = f.op("arith.fptosi %s : f32 to i32" % fv)
        vals.append(back)
        v = self.int_chain(f, vals, r.randrange(2, 6))
        f.emit("return %s : i32" % v)
        return ["func.func @%s(%%a: i32, %%b: i32, %%n: index) -> i32 {" % name] \
            + f.lines + ["}"]

    # ---------------------------------------------------------------------
    def chunk(self):
        """One chunk of functions in dependency order."""
        r = self.rng
        out = []
        for _ in range(r.randrange(1, 3)):
            out.append(self.helper_i())
        if r.random() < 0.6:
            out.append(self.helper_f())
        for _ in range(r.randrange(2, 4)):
            out.append(self.worker_loop())
        out.append(self.worker_mem())
        if r.random() < 0.3:
            out.append(self.dead())
        out.append(self.driver())
        return out

    def generate(self, target):
        lines = ["// generated by bench/gen_module.py", "module {"]
        budget = target - 1  # reserve the closing brace
        # Seed the pools so every kind can reference something earlier.
        for fn in (self.helper_i(), self.helper_f()):
            lines.extend(fn)
        while True:
            remaining = budget - len(lines)
            if remaining < 120:
                break
            for fn in self.chunk():
                lines.extend(fn)
        # Fill the tail with small functions until close to the target.
        while budget - len(lines) >= 10:
            lines.extend(self.dead() if self.rng.random() < 0.5
                         else self.helper_i())
        lines.append("}")
        return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lines", type=int, default=280000,
                    help="approximate number of output lines (default 280000)")
    ap.add_argument("--seed", type=int, default=1, help="RNG seed (default 1)")
    ap.add_argument("-o", "--output", help="output file (default stdout)")
    args = ap.parse_args()
    text = "\n".join(Gen(args.seed).generate(args.lines)) + "\n"
    if args.output:
        with open(args.output, "w") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
