// Dumps of module-level steps followed by another module-level step are
// finished on a thread while the next step runs (StitchedDump.c, "Dumps
// finished on a thread"). They are byte-identical to mlir-opt's print of
// the same prefix of the pipeline: stitched from clones when nothing can
// be aliased (canonicalize), and printed whole from clones and the parsed
// cached texts of the unchanged functions when a step brings in an alias
// (fold-memref-alias-ops makes @a use an affine_map, which the module
// printer names #map; @b and @c come from the cache). The last step's dump
// is printed at once.
// RUN: rm -rf %t && mkdir -p %t
// RUN: irscope-opt %s --pass-pipeline='builtin.module(canonicalize,fold-memref-alias-ops,canonicalize,cse)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(canonicalize)' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(canonicalize,fold-memref-alias-ops)' -o %t/ref2.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(canonicalize,fold-memref-alias-ops,canonicalize)' -o %t/ref3.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(canonicalize,fold-memref-alias-ops,canonicalize,cse)' -o %t/ref4.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-canonicalize.mlir
// RUN: cmp %t/ref2.mlir %t/d/0002-builtin.module-fold-memref-alias-ops.mlir
// RUN: cmp %t/ref3.mlir %t/d/0003-builtin.module-canonicalize.mlir
// RUN: cmp %t/ref4.mlir %t/d/0004-builtin.module-cse.mlir
// RUN: cmp %t/ref4.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=ALIAS < %t/d/0002-builtin.module-fold-memref-alias-ops.mlir
// ALIAS: #map = affine_map<()[s0, s1] -> (s0 + s1)>
// ALIAS-NEXT: module {
// ALIAS: affine.apply #map()[%arg1, %arg2]
// ALIAS-LABEL: func.func @b(
// ALIAS-NEXT: return %arg0 : i32
// ALIAS-LABEL: func.func @c(
// ALIAS-NEXT: arith.muli %arg0, %arg0 : i32
// No dump is left pending in the manifest once the run is over.
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST-NOT: pending
// MANIFEST: <dump file="0001-builtin.module-canonicalize.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <dump file="0002-builtin.module-fold-memref-alias-ops.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <dump file="0003-builtin.module-canonicalize.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST-NOT: pending
// Without threads every dump is printed at once, to the same bytes.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(canonicalize,fold-memref-alias-ops,canonicalize,cse)' --dump-after-each=%t/s --mlir-disable-threading -o /dev/null
// RUN: cmp %t/ref2.mlir %t/s/0002-builtin.module-fold-memref-alias-ops.mlir

func.func @a(%m: memref<16xf32>, %i: index, %j: index) -> f32 {
  %sv = memref.subview %m[%i][4][1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
  %v = memref.load %sv[%j] : memref<4xf32, strided<[1], offset: ?>>
  return %v : f32
}
func.func @b(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  return %0 : i32
}
func.func @c(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
