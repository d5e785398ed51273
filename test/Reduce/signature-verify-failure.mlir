// A verifier failure after a pass is a signature like any other, but a
// candidate must still be valid IR BEFORE the pipeline runs: otherwise a
// candidate that breaks the IR (say, erasing @helper but not the call to
// it) would be "interesting" because the "same" verifier failure after
// irs-test-corrupt is reported on a module that was broken to begin with.
// erase-symbols erases a function together with its calls (their results
// become ub.poison), which keeps the candidate valid. The reduced output
// must load and reproduce the failure.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-corrupt{op=arith.muli}))" --strategies=erase-symbols -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: signature: verify-failure in irs-test-corrupt
// LOG-NEXT: exit=0

// @unused and @helper go; the call to @helper becomes poison.
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=@unused --implicit-check-not=@helper < %t.out
// OUT:      func.func @main(%arg0: i32) -> i32 {
// OUT-NEXT:   %0 = ub.poison : i32
// OUT-NEXT:   %1 = arith.muli %0, %arg0 : i32

// RUN: sh -c 'irscope-opt %t.out --pass-pipeline="builtin.module(func.func(irs-test-corrupt{op=arith.muli}))" --failure-dir=%t.fail -o %t.replay; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// REPLAY: error: operand #0 does not dominate this use
// REPLAY: irscope-opt: error: step 1 {{.*}} broke the IR: verifier failed after pass 'irs-test-corrupt'
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=3

func.func @unused() {
  return
}
func.func @helper(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @main(%x: i32) -> i32 {
  %0 = func.call @helper(%x) : (i32) -> i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
