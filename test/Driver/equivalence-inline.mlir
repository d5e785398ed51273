// The inliner (a module pass with a nested default pipeline option) gives
// byte-identical output to mlir-opt, uninstrumented and step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(inline{default-pipeline=canonicalize},func.func(cse))' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(inline{default-pipeline=canonicalize},func.func(cse))' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(inline{default-pipeline=canonicalize},func.func(cse))' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// The private callees are inlined everywhere and then erased.
// CHECK-NOT: @square
// CHECK-NOT: @add_one
// CHECK-LABEL: func.func @caller(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.addi %0, %c1_i32 : i32
// CHECK-NEXT:    %2 = arith.muli %1, %1 : i32
// CHECK-NEXT:    return %2 : i32
// CHECK-NEXT:  }
// The canonicalizer run by the inliner turns the indirect call into a direct
// one, which is then inlined too.
// CHECK-LABEL: func.func @indirect(%arg0: i32) -> i32 {
// CHECK-NOT:     call
// CHECK:         %0 = arith.addi %arg0, %c1_i32 : i32
// CHECK-NEXT:    return %0 : i32
// CHECK-NOT: @square
// CHECK-NOT: @add_one

func.func private @square(%x: i32) -> i32 {
  %r = arith.muli %x, %x : i32
  return %r : i32
}
func.func private @add_one(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = arith.addi %x, %c1 : i32
  return %r : i32
}
func.func @caller(%a: i32) -> i32 {
  %s = call @square(%a) : (i32) -> i32
  %t = call @add_one(%s) : (i32) -> i32
  %u = call @square(%t) : (i32) -> i32
  return %u : i32
}
func.func @indirect(%a: i32) -> i32 {
  %f = func.constant @add_one : (i32) -> i32
  %r = func.call_indirect %f(%a) : (i32) -> i32
  return %r : i32
}
