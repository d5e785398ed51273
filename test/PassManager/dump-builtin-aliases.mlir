// A module whose only aliases are affine maps and integer sets is dumped
// stitched from its functions' texts, the definitions and their numbering
// (first use in print order; maps before sets) named by irscope, and every
// dump is the module printed whole, byte for byte: when a step adds maps,
// when symbol-dce removes the function that used #map first (every name
// after it moves), with a map in a memref layout, a set with ">=" and "==",
// repeated uses in an array, and map text inside a string.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IRSCOPE_PHASES=%t/phases irscope-opt %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce,func.func(cse))' --dump-after-each=%t/d -o %t/out
// RUN: %mlir_opt %s -o %t/r0
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' -o %t/r1
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' -o %t/r2
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce,func.func(cse))' -o %t/r3
// RUN: cmp %t/d/0000-input.mlir %t/r0
// RUN: cmp %t/d/0001-func.func-canonicalize.mlir %t/r1
// RUN: cmp %t/d/0002-builtin.module-symbol-dce.mlir %t/r2
// RUN: cmp %t/d/0003-func.func-cse.mlir %t/r3
// RUN: cmp %t/out %t/r3
// No dump was printed whole: all came from the functions' texts.
// RUN: FileCheck %s --check-prefix=PHASES < %t/phases
// PHASES-NOT: print-whole
// PHASES-NOT: buffered
// PHASES: print
// RUN: FileCheck %s --check-prefix=DCE < %t/d/0002-builtin.module-symbol-dce.mlir
// DCE: #map = affine_map<(d0, d1) -> (d1, d0)>
// DCE-NEXT: #map1 = affine_map<()[s0] -> (s0 + s0 floordiv 4)>
// DCE-NEXT: #map2 = affine_map<()[s0] -> (s0 * 3)>
// DCE-NEXT: #map3 = affine_map<(d0) -> (d0)>
// DCE-NEXT: #set = affine_set<()[s0] : (s0 - 10 >= 0, s0 - 20 == 0)>
// DCE-NEXT: #set1 = affine_set<()[s0] : (-s0 + 5 >= 0)>
// DCE-NEXT: module {
// DCE: memref<4x4xf32, #map>
// DCE: affine.if #set()[%arg0]
// DCE: affine.apply #map2()[%arg0]
// DCE: note = "affine_map<(d0) -> (d0)> and
// DCE: indexing_maps = [#map3, #map3]
// Threaded, whichever way each dump is printed, the same bytes.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce,func.func(cse))' --dump-after-each=%t/t -o %t/tout
// RUN: cmp %t/t/0001-func.func-canonicalize.mlir %t/r1
// RUN: cmp %t/t/0002-builtin.module-symbol-dce.mlir %t/r2
// RUN: cmp %t/t/0003-func.func-cse.mlir %t/r3

func.func private @dead(%a: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 * 3)>(%a)
  return %0 : index
}
func.func @first(%a: index, %m: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) -> index {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv 4 + s0)>(%a)[%a]
  %1 = arith.addi %0, %0 : index
  %2 = arith.addi %0, %0 : index
  %3 = arith.muli %1, %2 : index
  return %3 : index
}
func.func @guarded(%a: index, %m: memref<8xindex>) {
  affine.if affine_set<(d0) : (d0 - 10 >= 0, d0 - 20 == 0)>(%a) {
    %0 = affine.apply affine_map<(d0) -> (d0 * 3)>(%a)
    memref.store %0, %m[%a] : memref<8xindex>
  }
  affine.if affine_set<(d0) : (-d0 + 5 >= 0)>(%a) {
    memref.store %a, %m[%a] : memref<8xindex>
  }
  return
}
func.func @quoted() attributes {note = "affine_map<(d0) -> (d0)> and \"affine_set<(d0) : (d0 >= 0)>\""} {
  return
}
func.func @generic(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%x : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %1 = arith.addf %in, %in : f32
    %2 = arith.addf %in, %in : f32
    %3 = arith.mulf %1, %2 : f32
    linalg.yield %3 : f32
  } -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
