// Lowering structured control flow to branches gives byte-identical output
// to mlir-opt, uninstrumented and step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-scf-to-cf,func.func(canonicalize))' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(convert-scf-to-cf,func.func(canonicalize))' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(convert-scf-to-cf,func.func(canonicalize))' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// CHECK-NOT: scf.
// CHECK-LABEL: func.func @sum(
// CHECK-NEXT:    cf.br ^bb1(%arg0, %arg3 : index, f32)
// CHECK-NEXT:  ^bb1(%0: index, %1: f32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:    %2 = arith.cmpi slt, %0, %arg1 : index
// CHECK-NEXT:    cf.cond_br %2, ^bb2, ^bb3
// CHECK:         %4 = arith.addi %0, %arg2 : index
// CHECK-NEXT:    cf.br ^bb1(%4, %3 : index, f32)
// CHECK-LABEL: func.func @select(
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1, ^bb2(%arg2 : i32)
// CHECK:       ^bb2(%1: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    return %1 : i32
// CHECK-LABEL: func.func @loop(
// CHECK:         cf.cond_br %1, ^bb2(%0 : i32), ^bb3
// CHECK-NOT: scf.

func.func @sum(%lb: index, %ub: index, %step: index, %init: f32) -> f32 {
  %r = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %d = arith.addf %acc, %acc : f32
    scf.yield %d : f32
  }
  return %r : f32
}
func.func @select(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = scf.if %c -> i32 {
    %x = arith.addi %a, %b : i32
    scf.yield %x : i32
  } else {
    scf.yield %b : i32
  }
  return %r : i32
}
func.func @loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %lt = arith.cmpi slt, %i, %n : i32
    scf.condition(%lt) %i : i32
  } do {
  ^bb0(%j: i32):
    %c1 = arith.constant 1 : i32
    %k = arith.addi %j, %c1 : i32
    scf.yield %k : i32
  }
  return %r : i32
}
