// Sparse conditional constant propagation gives byte-identical output to
// mlir-opt, uninstrumented and step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(sccp,cse))' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(sccp,cse))' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(func.func(sccp,cse))' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// Both branches reach ^bb3 with 2, so the result is the constant 4.
// CHECK-LABEL: func.func @sccp(%arg0: i1) -> i32 {
// CHECK-NEXT:    %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2
// CHECK:         cf.br ^bb3(%c2_i32 : i32)
// CHECK:         cf.br ^bb3(%c2_i32 : i32)
// CHECK:       ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    return %c4_i32 : i32
// The loop-carried value never changes: the loop is gone.
// CHECK-LABEL: func.func @loop(%arg0: index) -> i32 {
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    return %c7_i32 : i32
// CHECK-NEXT:  }

func.func @sccp(%cond: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %a = arith.addi %c1, %c1 : i32
  cf.br ^bb3(%a : i32)
^bb2:
  cf.br ^bb3(%c2 : i32)
^bb3(%x: i32):
  %y = arith.muli %x, %c2 : i32
  return %y : i32
}
func.func @loop(%n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = arith.constant 7 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) {
    scf.yield %acc : i32
  }
  return %r : i32
}
