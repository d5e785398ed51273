// The poison-to-args strategy turns a ub.poison inside a function that
// nothing calls into a new last argument of that function (the op goes, so
// the module is one op smaller); a poison in a function that is called
// stays, since its calls would need an operand.

// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=poison-to-args -o %t.out 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: poison-to-args:
// LOG: opt-reduce: ops: 13 -> 11
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=ub.poison < %t.out
// OUT:      func.func @f(%arg0: i32, %arg1: f32, %arg2: f32, %arg3: i32) -> i32 {
// OUT-NEXT:   %0 = arith.muli %arg3, %arg0 : i32
// OUT-NEXT:   %1 = arith.addf %arg2, %arg2 : f32
// The one poison left is in @callee, which @caller calls.
// OUT:      func.func @callee() -> i32 {
// OUT-NEXT:   %[[P:.*]] = ub.poison : i32
// OUT-NEXT:   return %[[P]] : i32
// OUT:      func.func @caller() -> i32 {
// OUT-NEXT:   call @callee()

// The function type and the entry block agree (the result parses and
// verifies).
// RUN: irscope-opt %t.out -o /dev/null

// -v names the edit.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=poison-to-args -v -o %t.v 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: poison #{{[0-9]+}} := a new argument of its function

func.func @f(%x: i32, %y: f32) -> i32 {
  %p = ub.poison : i32
  %q = ub.poison : f32
  %m = arith.muli %p, %x : i32
  %a = arith.addf %q, %q : f32
  return %m : i32
}

func.func @callee() -> i32 {
  %p = ub.poison : i32
  return %p : i32
}

func.func @caller() -> i32 {
  %r = func.call @callee() : () -> i32
  return %r : i32
}
