// Dumps are byte-identical to printing the module whole, also when they are
// assembled from the cached text of functions a step did not change, and
// when aliases (#map) force a whole-module print.
// RUN: rm -rf %t && irscope-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce,func.func(cse),convert-scf-to-cf,lower-affine)' --dump-after-each=%t -o %t.out
// The last dump of each chunk is the chunk's output, and the output is
// mlir-opt's (the aliased chunk's too: its dumps are printed whole when its
// step closes, on the IR the run goes on with).
// RUN: %mlir_opt %s --split-input-file --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce,func.func(cse),convert-scf-to-cf,lower-affine)' -o %t.ref
// RUN: cmp %t.ref %t.out
// RUN: %mlir_opt %t/chunk-001/0005-builtin.module-lower-affine.mlir > %t.c0.last
// RUN: diff %t/chunk-001/0005-builtin.module-lower-affine.mlir %t.c0.last
// RUN: %mlir_opt %t/chunk-002/0005-builtin.module-lower-affine.mlir > %t.c1.last
// RUN: diff %t/chunk-002/0005-builtin.module-lower-affine.mlir %t.c1.last
// Every dump reprints to itself (a stitched dump that differed from a whole
// print in any byte, indentation included, would not).
// RUN: %mlir_opt %t/chunk-001/0001-func.func-canonicalize.mlir > %t.c0.1
// RUN: diff %t/chunk-001/0001-func.func-canonicalize.mlir %t.c0.1
// RUN: %mlir_opt %t/chunk-001/0003-func.func-cse.mlir > %t.c0.3
// RUN: diff %t/chunk-001/0003-func.func-cse.mlir %t.c0.3
// RUN: %mlir_opt %t/chunk-002/0001-func.func-canonicalize.mlir > %t.c1.1
// RUN: diff %t/chunk-002/0001-func.func-canonicalize.mlir %t.c1.1
// RUN: FileCheck %s --check-prefix=CF < %t/chunk-001/0004-builtin.module-convert-scf-to-cf.mlir
// CF-LABEL: func.func @loop(
// CF: cf.br ^bb1
// CF-NEXT: ^bb1(%{{.*}}: index, %{{.*}}: i32):  // 2 preds: ^bb0, ^bb2
// CF-LABEL: func.func @untouched(
// RUN: FileCheck %s --check-prefix=MAP < %t/chunk-002/0001-func.func-canonicalize.mlir
// MAP: #map = affine_map<()[s0] -> (s0 + 1)>
// MAP: affine.apply #map(

func.func @loop(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %s = arith.addi %acc, %x : i32
    %t = arith.addi %s, %z : i32
    scf.yield %t : i32
  }
  return %r : i32
}
func.func @untouched(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
func.func private @dead() { return }

// -----

func.func @affine(%a: index) -> index {
  %c0 = arith.constant 0 : index
  %b = arith.addi %a, %c0 : index
  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%b)
  return %0 : index
}
