// Loop-invariant code motion gives byte-identical output to mlir-opt,
// uninstrumented and step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion,cse))' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion,cse))' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(func.func(loop-invariant-code-motion,cse))' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// The invariant arithmetic is hoisted; the load and store stay in the loop.
// CHECK-LABEL: func.func @licm(
// CHECK:         %0 = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT:    %1 = arith.addf %0, %arg2 : f32
// CHECK-NEXT:    scf.for %arg4 = %c0 to %arg1 step %c1 {
// CHECK-NEXT:      %2 = memref.load %arg0[%arg4] : memref<?xf32>
// CHECK-NEXT:      %3 = arith.addf %2, %1 : f32
// CHECK-NEXT:      memref.store %3, %arg0[%arg4] : memref<?xf32>
// CHECK-NEXT:    }
// The multiplication leaves both loops of the nest.
// CHECK-LABEL: func.func @nested(
// CHECK:         %0 = arith.muli %arg1, %arg1 : i32
// CHECK-NEXT:    %1 = scf.for
// CHECK-NEXT:      %2 = scf.for
// CHECK-NEXT:        %3 = arith.addi %arg5, %0 : i32
// CHECK-NEXT:        scf.yield %3 : i32

func.func @licm(%buf: memref<?xf32>, %n: index, %a: f32, %b: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %inv = arith.mulf %a, %b : f32
    %inv2 = arith.addf %inv, %a : f32
    %v = memref.load %buf[%i] : memref<?xf32>
    %s = arith.addf %v, %inv2 : f32
    memref.store %s, %buf[%i] : memref<?xf32>
  }
  return
}
func.func @nested(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
    %r2 = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> (i32) {
      %k = arith.muli %x, %x : i32
      %s = arith.addi %acc2, %k : i32
      scf.yield %s : i32
    }
    scf.yield %r2 : i32
  }
  return %r : i32
}
