// canonicalize + cse give byte-identical output to mlir-opt, both when the
// pipeline runs in one MLIR pass manager and when it runs step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// CHECK-LABEL: func.func @fold(%arg0: i32, %arg1: i32) -> (i32, i32, i1) {
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.muli %0, %c3_i32 : i32
// CHECK-NEXT:    return %1, %1, %true : i32, i32, i1
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @branch(%arg0: i1, %arg1: f32) -> f32 {
// CHECK-NEXT:    return %arg1 : f32
// CHECK-NEXT:  }

func.func @fold(%a: i32, %b: i32) -> (i32, i32, i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.addi %c1, %c2 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.muli %x, %c1 : i32
  %p = arith.addi %y, %b : i32
  %q = arith.addi %y, %b : i32
  %r = arith.muli %p, %c3 : i32
  %s = arith.muli %q, %c3 : i32
  %t = arith.cmpi eq, %r, %r : i32
  return %r, %s, %t : i32, i32, i1
}
func.func @branch(%c: i1, %v: f32) -> f32 {
  %true = arith.constant true
  cf.cond_br %true, ^bb1(%v : f32), ^bb2
^bb1(%x: f32):
  %n = arith.negf %x : f32
  %m = arith.negf %n : f32
  return %m : f32
^bb2:
  %z = arith.constant 0.0 : f32
  return %z : f32
}
