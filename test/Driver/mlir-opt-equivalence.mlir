// The output of irscope-opt must be byte-identical to mlir-opt's for the
// same pipeline, both uninstrumented and when run step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse),symbol-dce)' --dump-after-each=%t.d --timing 2>/dev/null > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT: return %[[M]] : i32
// CHECK-NOT: @dead
func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
func.func private @dead() { return }
