// The tools' option parser (tools/common/Options.c) takes a short option's
// value as "-j 1", "-j=1" or attached, "-j1", as getopt does. An integer
// option always takes the attached form ("-jx" is a bad -j, not a pass
// flag); "-o" takes it when the word cannot be a pass flag ("-o/path",
// "-o-", "-oout.mlir"), so "-one-shot-bufferize" and "-canonicalize" stay
// pass flags, and so does "-ofoo" (mlir-opt rejects it as well).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t

// opt-reduce: -j1, -j 1 and -j=1 are the same.
// RUN: sh -c 'opt-reduce %s --canonicalize --irs-test-fail=op=arith.muli --strategies=erase-symbols -j1 -o %t/a.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=J1
// RUN: sh -c 'opt-reduce %s --canonicalize --irs-test-fail=op=arith.muli --strategies=erase-symbols -j 1 -o %t/b.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=J1
// RUN: sh -c 'opt-reduce %s --canonicalize --irs-test-fail=op=arith.muli --strategies=erase-symbols -j=1 -o %t/c.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=J1
// J1-NOT: error
// J1: opt-reduce: tests: {{.*}} tests/s, -j 1, seed none)
// J1: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// J1-NEXT: exit=0

// A bad attached value is a usage error naming -j, and so is a range error.
// RUN: sh -c 'opt-reduce %s --canonicalize -jx -o %t/e.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=JX --match-full-lines
// JX:      opt-reduce: error: option '-j' expects an integer, not 'x'
// JX-NEXT: exit=2
// JX-EMPTY:
// RUN: sh -c 'opt-reduce %s --canonicalize -j4x -o %t/e.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=J4X --match-full-lines
// J4X:      opt-reduce: error: option '-j' expects an integer, not '4x'
// J4X-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --canonicalize -j0 -o %t/e.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=J0 --match-full-lines
// J0:      opt-reduce: error: option '-j' expects a number of tests from 1 to 64, not '0'
// J0-NEXT: exit=2
// RUN: not ls %t/e.mlir

// irscope-opt: -o with an attached path, and single-dash pass flags.
// RUN: irscope-opt %s -o%t/out.mlir -canonicalize -one-shot-bufferize
// RUN: FileCheck %s --check-prefix=OUT < %t/out.mlir
// RUN: irscope-opt %s -o- -canonicalize | FileCheck %s --check-prefix=OUT
// OUT: func.func @f(%arg0: i32) -> i32 {
// OUT-NEXT: %0 = arith.muli %arg0, %arg0 : i32
// RUN: sh -c 'cd %t && irscope-opt %s -oout2.mlir -canonicalize'
// RUN: FileCheck %s --check-prefix=OUT < %t/out2.mlir
// RUN: sh -c 'cd %t && irscope-opt %s -ofoo; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OWORD --match-full-lines
// OWORD:      irscope-opt: error: unknown option '-ofoo'
// OWORD-NEXT: exit=2
// RUN: not ls %t/foo

func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func @g(%x: i32) -> i32 {
  return %x : i32
}
