// Lowering affine to scf + arith gives byte-identical output to mlir-opt,
// uninstrumented and step by step.
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(lower-affine,canonicalize))' > %t.ref
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(lower-affine,canonicalize))' > %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --pass-pipeline='builtin.module(func.func(lower-affine,canonicalize))' --dump-after-each=%t.d > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.out

// CHECK-NOT: affine.
// CHECK-LABEL: func.func @affine(%arg0: memref<16xf32>, %arg1: index, %arg2: f32) {
// CHECK:         scf.for %arg3 = %c0 to %c8 step %c1 {
// CHECK-NEXT:      memref.store %arg2, %arg0[%arg3] : memref<16xf32>
// CHECK-NEXT:      %0 = arith.addi %arg3, %c1 : index
// CHECK-NEXT:      %1 = memref.load %arg0[%0] : memref<16xf32>
// CHECK-NEXT:      %2 = arith.addi %arg3, %c-4 : index
// CHECK-NEXT:      %3 = arith.cmpi sge, %2, %c0 : index
// CHECK-NEXT:      scf.if %3 {
// CHECK-NEXT:        %4 = arith.muli %arg3, %c2 overflow<nsw> : index
// CHECK-NEXT:        memref.store %1, %arg0[%4] : memref<16xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NOT: affine.

#map = affine_map<(d0)[s0] -> (d0 * 2 + s0)>
func.func @affine(%buf: memref<16xf32>, %n: index, %v: f32) {
  affine.for %i = 0 to 8 {
    %j = affine.apply #map(%i)[%n]
    affine.store %v, %buf[%i] : memref<16xf32>
    %w = affine.load %buf[%i + 1] : memref<16xf32>
    affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) {
      affine.store %w, %buf[%i * 2] : memref<16xf32>
    }
  }
  return
}
