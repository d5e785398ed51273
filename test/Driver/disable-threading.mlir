// --mlir-disable-threading: the nested func.func pipeline runs on a single
// thread and the output is byte-identical to mlir-opt's with the same flag,
// uninstrumented and step by step; the setting is recorded in the manifest.
// RUN: %mlir_opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.ref
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse))' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.d/manifest.xml

// CHECK-LABEL: func.func @f0(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
// CHECK-LABEL: func.func @f1(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
// CHECK-LABEL: func.func @f2(%arg0: f32) -> f32 {
// CHECK-NEXT:    %0 = arith.mulf %arg0, %arg0 : f32
// CHECK-NEXT:    return %0 : f32
// CHECK-LABEL: func.func @f3(%arg0: i1) -> i1 {
// CHECK-NEXT:    return %arg0 : i1
// MANIFEST: <settings {{.*}}threading="false"

func.func @f0(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %b = arith.muli %a, %c1 : i32
  %c = arith.muli %b, %b : i32
  return %c : i32
}
func.func @f1(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.muli %b, %b : i32
  %d = arith.muli %b, %b : i32
  return %d : i32
}
func.func @f2(%a: f32) -> f32 {
  %c = arith.mulf %a, %a : f32
  %d = arith.mulf %a, %a : f32
  return %d : f32
}
func.func @f3(%a: i1) -> i1 {
  %t = arith.constant true
  %r = arith.andi %a, %t : i1
  return %r : i1
}
