// --check-results on a pipeline that keeps the results: the input (the
// reference) and the IR after the last step print the same (and return the
// same value), so there is no search and no failure: two executions, exit
// 0, the IR printed as usual.

// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(inline,cse,symbol-dce)" --check-results; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="irscope-opt: error:"
// CHECK: irscope-opt: note: results match the input's after all 3 steps (2 executions)
// CHECK-NOT: @add
// CHECK: func.func @main
// CHECK: exit=0

func.func private @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() -> i32 {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %r = call @add(%c40, %c2) : (i32, i32) -> i32
  vector.print %r : i32
  return %r : i32
}
