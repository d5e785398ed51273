// The run-passes strategy runs canonicalize, cse and symbol-dce, each alone,
// on the module as candidate edits, when they make it smaller (fewer ops
// that are not ub.poison, or as many and fewer ops) and the failure stays.
// Here cse merges the two multiplications, canonicalize folds the
// addition of zero and drops the dead subtraction, and symbol-dce removes
// the private function nobody calls.

// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=run-passes -o %t.out 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: run-passes:
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=@unused --implicit-check-not=arith.subi --implicit-check-not=arith.addi < %t.out
// OUT:      func.func @f(%arg0: i32) -> i32 {
// OUT-NEXT:   %[[M:.*]] = arith.muli %arg0, %arg0 : i32
// OUT-NEXT:   %[[X:.*]] = arith.xori %[[M]], %[[M]] : i32
// OUT-NEXT:   return %[[X]] : i32
// OUT-NEXT: }

// A pipeline that does not shrink the module is not kept (it is not even
// tested): on the result, nothing is left for the passes to do.
// RUN: opt-reduce %t.out --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=run-passes -o %t.again 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN
// AGAIN-NOT: opt-reduce: run-passes:
// AGAIN: opt-reduce: ops: 5 -> 5,

func.func private @unused(%a: i32) -> i32 {
  return %a : i32
}
func.func @f(%x: i32) -> i32 {
  %z = arith.constant 0 : i32
  %a = arith.addi %x, %z : i32
  %d = arith.subi %a, %x : i32
  %m1 = arith.muli %a, %a : i32
  %m2 = arith.muli %a, %a : i32
  %r = arith.xori %m1, %m2 : i32
  return %r : i32
}
