// Symbol DCE (a module pass over nested symbol tables) gives byte-identical
// output to mlir-opt, uninstrumented and step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// CHECK-NOT: @dead
// CHECK:       memref.global "private" @used_global : memref<4xf32> = dense<1.000000e+00>
// CHECK-NEXT:  func.func private @live_helper() -> memref<4xf32> {
// CHECK:       func.func @entry() -> memref<4xf32> {
// CHECK:       module @inner {
// CHECK-NEXT:  }
// CHECK-NOT: @dead
// CHECK-NOT: @inner_

memref.global "private" @used_global : memref<4xf32> = dense<1.0>
memref.global "private" @dead_global : memref<4xf32> = dense<0.0>
func.func private @dead_leaf() {
  return
}
func.func private @dead_caller() {
  call @dead_leaf() : () -> ()
  return
}
func.func private @live_helper() -> memref<4xf32> {
  %g = memref.get_global @used_global : memref<4xf32>
  return %g : memref<4xf32>
}
func.func @entry() -> memref<4xf32> {
  %r = call @live_helper() : () -> memref<4xf32>
  return %r : memref<4xf32>
}
module @inner {
  func.func private @inner_dead() {
    return
  }
  func.func nested @inner_live() {
    return
  }
}
