// Flaky failures: --test-runs=K runs every candidate K times (in parallel
// under -j) and keeps it if at least one run fails with the signature, or
// at least a fraction R of them with --min-rate=R. The summary reports how
// often the input and the result failed (K runs each).
//
// irs-test-flaky crashes in about half of the runs. With --seed, run k of
// the reduction (numbered in test order, whatever -j is) hands the seed
// derived from (seed, k) to the pass: the reduction is reproducible, and
// -j 1 and -j 2 give the same result.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.d %t.tmp && mkdir %t.d %t.tmp
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-flaky{op=arith.muli rate=0.5 mode=crash}))" --test-runs=10 --seed=7 --strategies=erase-symbols,erase-ops -j 1 -o %t.d/j1.mlir; echo exit=$?' > %t.d/j1.log 2>&1
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-flaky{op=arith.muli rate=0.5 mode=crash}))" --test-runs=10 --seed=7 --strategies=erase-symbols,erase-ops -j 2 -o %t.d/j2.mlir; echo exit=$?' > %t.d/j2.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG < %t.d/j1.log
// RUN: FileCheck %s --check-prefix=LOG < %t.d/j2.log
// LOG: opt-reduce: tests: {{.*}}, seed 7)
// LOG: opt-reduce: failure rate: input {{[1-9][0-9]*}}/10 ({{[0-9]+}}%), result {{[1-9][0-9]*}}/10 ({{[0-9]+}}%)
// LOG-NEXT: opt-reduce: done: {{.*}}; signature: crash in irs-test-flaky
// LOG-NEXT: exit=0
// RUN: diff %t.d/j1.mlir %t.d/j2.mlir
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=func.func --implicit-check-not=arith.addi < %t.d/j1.mlir
// OUT:      func.func @b(%arg0: i32) -> i32 {
// OUT-NEXT:   %0 = ub.poison : i32
// OUT-NEXT:   %1 = arith.muli %0, %arg0 : i32

// --min-rate=1: every run must fail; the input fails in only some of them,
// so it is not interesting (a usage-class error, exit 2).
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-flaky{op=arith.muli rate=0.5 mode=crash}))" --test-runs=10 --min-rate=1 --seed=7 -o %t.d/none.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RATE --match-full-lines
// RATE:      opt-reduce: error: the input is not interesting: the pipeline fails this way in {{[1-9]}} of 10 runs, fewer than --min-rate=1 asks for
// RATE-NEXT: exit=2
// RUN: not ls %t.d/none.mlir

// Script mode, a test that says "interesting" in about three runs out of four
// (Inputs/flaky.sh, random, no seed): 10 runs per candidate find it with
// near certainty (a miss is 1 in 10^6 per candidate: 4^-10).
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=%S/Inputs/flaky.sh --test-runs=10 --strategies=erase-symbols -o %t.d/script.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: opt-reduce: failure rate: input {{[1-9][0-9]*}}/10 ({{[0-9]+}}%), result {{[1-9][0-9]*}}/10 ({{[0-9]+}}%)
// SCRIPT-NEXT: opt-reduce: done:
// SCRIPT-NEXT: exit=0
// RUN: FileCheck %s --check-prefix=SOUT --implicit-check-not=func.func < %t.d/script.mlir
// SOUT: func.func @b(
// SOUT-NEXT: arith.addi
// SOUT-NEXT: arith.muli

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.subi %0, %x : i32
  return %1 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
func.func @c(%x: f32) -> f32 {
  %0 = arith.addf %x, %x : f32
  return %0 : f32
}
