// A dialect conversion (arith to LLVM) followed by cast reconciliation gives
// byte-identical output to mlir-opt, uninstrumented and step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(convert-arith-to-llvm),reconcile-unrealized-casts)' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(convert-arith-to-llvm),reconcile-unrealized-casts)' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(func.func(convert-arith-to-llvm),reconcile-unrealized-casts)' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// CHECK-NOT: arith.
// CHECK-LABEL: func.func @arith(%arg0: i32, %arg1: i32, %arg2: f32) -> (i32, f32, i1) {
// CHECK-NEXT:    %0 = llvm.add %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = llvm.mul %0, %arg0 : i32
// CHECK-NEXT:    %2 = llvm.sdiv %1, %arg1 : i32
// CHECK-NEXT:    %3 = llvm.sitofp %2 : i32 to f32
// CHECK-NEXT:    %4 = llvm.fadd %3, %arg2 : f32
// CHECK-NEXT:    %5 = llvm.fcmp "olt" %4, %arg2 : f32
// CHECK-NEXT:    %6 = llvm.mlir.constant(4.000000e+00 : f32) : f32
// CHECK-NEXT:    %7 = llvm.fmul %4, %6 : f32
// CHECK-NEXT:    return %2, %7, %5 : i32, f32, i1
// The index argument still needs one cast: func is not converted.
// CHECK-LABEL: func.func @index(%arg0: index) -> i64 {
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK-NEXT:    %1 = llvm.mlir.constant(3 : index) : i64
// CHECK-NEXT:    %2 = llvm.add %0, %1 : i64
// CHECK-NEXT:    return %2 : i64
// CHECK-NOT: arith.

func.func @arith(%a: i32, %b: i32, %f: f32) -> (i32, f32, i1) {
  %s = arith.addi %a, %b : i32
  %m = arith.muli %s, %a : i32
  %d = arith.divsi %m, %b : i32
  %x = arith.sitofp %d : i32 to f32
  %y = arith.addf %x, %f : f32
  %c = arith.cmpf olt, %y, %f : f32
  %cst = arith.constant 4.0 : f32
  %z = arith.mulf %y, %cst : f32
  return %d, %z, %c : i32, f32, i1
}
func.func @index(%i: index) -> i64 {
  %c3 = arith.constant 3 : index
  %j = arith.addi %i, %c3 : index
  %k = arith.index_cast %j : index to i64
  return %k : i64
}
