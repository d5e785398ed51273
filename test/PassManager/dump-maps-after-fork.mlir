// A module whose only aliases are affine maps keeps being stitched after a
// forked printer dumped it with its shared printing state: the run's first
// conversion (convert-arith-to-llvm changes every function) is printed by
// a forked child, whose dump defines #map and #map1; symbol-dce's dump is
// then stitched in place, the maps named by the stitcher, not printed whole.
// Every dump is byte-identical to mlir-opt's print.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IRSCOPE_PHASES=%t/phases.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-dce)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-dce)' -o %t/ref2.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/d/0002-builtin.module-symbol-dce.mlir
// RUN: cmp %t/ref2.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=DUMP < %t/d/0002-builtin.module-symbol-dce.mlir
// DUMP: #map = affine_map<(d0) -> (d0 * 2 + 1)>
// DUMP-NEXT: #map1 = affine_map<(d0, d1) -> (d0 + d1 floordiv 4)>
// DUMP-NEXT: module {
// DUMP-NOT: @dead
// RUN: FileCheck %s --check-prefix=PHASES < %t/phases.txt
// PHASES-DAG: phase {{[0-9]+}} fork 1
// PHASES-DAG: phase {{[0-9]+}} print {{[12]}} {{[0-9.]+ [0-9.]+}} {{[0-9]+}}
// RUN: FileCheck %s --check-prefix=NOWHOLE < %t/phases.txt
// NOWHOLE-NOT: print-whole
// NOWHOLE-NOT: buffered

#map = affine_map<(d0) -> (d0 * 2 + 1)>
#map1 = affine_map<(d0, d1) -> (d0 + d1 floordiv 4)>
func.func @a(%i: index, %x: i32) -> (index, i32) {
  %0 = affine.apply #map(%i)
  %c = arith.constant 3 : i32
  %1 = arith.addi %x, %c : i32
  return %0, %1 : index, i32
}
func.func @b(%i: index, %j: index, %x: i32) -> (index, i32) {
  %0 = affine.apply #map1(%i, %j)
  %1 = arith.muli %x, %x : i32
  return %0, %1 : index, i32
}
func.func @c(%i: index, %x: i32) -> (index, i32) {
  %0 = affine.apply #map1(%i, %i)
  %1 = affine.apply #map(%0)
  %2 = arith.subi %x, %x : i32
  return %1, %2 : index, i32
}
func.func private @dead(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
