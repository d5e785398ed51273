// A module whose print has aliases (#map from affine.apply and from a
// memref layout, and a type alias, which the stitcher cannot name: a tuple
// this long is !tuple) is dumped by forked printers too. A dump with few texts
// to reuse is printed whole by MLIR's IR-printing instrumentation into a
// buffered stream (BufferedDump.c, a "buffered" line of the phases);
// otherwise the printer builds the whole module's printing state once
// (SharedDump.c), takes the alias definitions and the module's first line
// from it, and prints each top-level op with it; the second printer it
// forks for the second half of the ops inherits the state. Every dump is
// byte-identical to mlir-opt's print after that step. Here
// convert-arith-to-llvm's dump is printed buffered (no texts yet);
// convert-math-to-llvm changed only the functions with math.exp (the even
// ones), so its printer finds the other six texts in the last dump (its
// places found by reading it) and stitches, split ("reuse" lines); the
// run's last dump (cse), with few texts to reuse, is printed buffered
// like the first: split, it would cost more and be done no sooner.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IRS_TEST_FORKS_PAY=1 IRSCOPE_PHASES=%t/phases.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-math-to-llvm,cse)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: %mlir_opt %s -o %t/ref0.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-math-to-llvm)' -o %t/ref2.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-math-to-llvm,cse)' -o %t/ref3.mlir
// RUN: cmp %t/ref0.mlir %t/d/0000-input.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/d/0002-builtin.module-convert-math-to-llvm.mlir
// RUN: cmp %t/ref3.mlir %t/d/0003-builtin.module-cse.mlir
// RUN: cmp %t/ref3.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=ALIAS < %t/ref2.mlir
// ALIAS: #map = affine_map<(d0, d1) -> (d1 * 4 + d0)>
// ALIAS-NEXT: #map1 = affine_map<()[s0] -> (s0 * 32)>
// ALIAS: module attributes {test.name = "shared"} {
// RUN: grep ' buffered \| split ' %t/phases.txt | sort -s -k3,3 | FileCheck %s --check-prefix=PHASES
// PHASES-COUNT-2: phase {{[0-9]+}} buffered 1 {{[0-9.]+}} {{[0-9.]+}} {{[1-9][0-9]*}}
// PHASES-NEXT: phase {{[0-9]+}} split 1 {{[0-9.]+}} 0.000000 {{[1-9][0-9]*}}
// PHASES-NOT: {{split|buffered}}
// RUN: %python -c "import sys; print(sum(int(l.split()[3]) for l in open(sys.argv[1]) if l.split()[2] == 'reuse'))" %t/phases.txt > %t/reused.txt
// RUN: FileCheck %s --check-prefix=REUSE < %t/reused.txt
// REUSE: {{^6$}}
// A module with a resource (printed after the module, in the file's
// metadata) is printed whole by the forked printer: the same bytes.
// RUN: irscope-opt %S/Inputs/shared-resource.mlir --pass-pipeline='builtin.module(convert-arith-to-llvm,cse)' --dump-after-each=%t/r -o %t/rout.mlir
// RUN: %mlir_opt %S/Inputs/shared-resource.mlir --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/rref1.mlir
// RUN: %mlir_opt %S/Inputs/shared-resource.mlir --pass-pipeline='builtin.module(convert-arith-to-llvm,cse)' -o %t/rref2.mlir
// RUN: cmp %t/rref1.mlir %t/r/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/rref2.mlir %t/r/0002-builtin.module-cse.mlir
// RUN: FileCheck %s --check-prefix=RES < %t/r/0002-builtin.module-cse.mlir
// RES: dialect_resources
// A second printer that dies mid-write costs nothing but time: the first
// prints those ops itself with its state, and the dumps are the same bytes.
// RUN: %python %S/Inputs/kill_split_tail.py %t/k %s 'builtin.module(convert-arith-to-llvm,convert-math-to-llvm,cse)' %t/d

module attributes {test.name = "shared"} {
func.func @f0(%t: tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>, %x: f32, %i: index, %m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>) -> f32 {
  %c = arith.constant 0.0 : f32
  %0 = arith.mulf %x, %c : f32
  %1 = math.exp %0 : f32
  %j = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%i]
  %v = memref.load %m[%i, %j] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>
  %2 = arith.addf %1, %v : f32
  %3 = arith.addf %1, %v : f32
  %4 = arith.addf %2, %3 : f32
  return %4 : f32
}
func.func @f1(%x: i32, %i: index) -> index {
  %c = arith.constant 1 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 3)>()[%i]
  return %j : index
}
func.func @f2(%x: f32, %i: index, %m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>) -> f32 {
  %c = arith.constant 2.0 : f32
  %0 = arith.mulf %x, %c : f32
  %1 = math.exp %0 : f32
  %j = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%i]
  %v = memref.load %m[%i, %j] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>
  %2 = arith.addf %1, %v : f32
  %3 = arith.addf %1, %v : f32
  %4 = arith.addf %2, %3 : f32
  return %4 : f32
}
func.func @f3(%x: i32, %i: index) -> index {
  %c = arith.constant 3 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 5)>()[%i]
  return %j : index
}
func.func @f4(%x: f32, %i: index, %m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>) -> f32 {
  %c = arith.constant 4.0 : f32
  %0 = arith.mulf %x, %c : f32
  %1 = math.exp %0 : f32
  %j = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%i]
  %v = memref.load %m[%i, %j] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>
  %2 = arith.addf %1, %v : f32
  %3 = arith.addf %1, %v : f32
  %4 = arith.addf %2, %3 : f32
  return %4 : f32
}
func.func @f5(%x: i32, %i: index) -> index {
  %c = arith.constant 5 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 7)>()[%i]
  return %j : index
}
func.func @f6(%x: f32, %i: index, %m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>) -> f32 {
  %c = arith.constant 6.0 : f32
  %0 = arith.mulf %x, %c : f32
  %1 = math.exp %0 : f32
  %j = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%i]
  %v = memref.load %m[%i, %j] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>
  %2 = arith.addf %1, %v : f32
  %3 = arith.addf %1, %v : f32
  %4 = arith.addf %2, %3 : f32
  return %4 : f32
}
func.func @f7(%x: i32, %i: index) -> index {
  %c = arith.constant 7 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 9)>()[%i]
  return %j : index
}
func.func @f8(%x: f32, %i: index, %m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>) -> f32 {
  %c = arith.constant 8.0 : f32
  %0 = arith.mulf %x, %c : f32
  %1 = math.exp %0 : f32
  %j = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%i]
  %v = memref.load %m[%i, %j] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>
  %2 = arith.addf %1, %v : f32
  %3 = arith.addf %1, %v : f32
  %4 = arith.addf %2, %3 : f32
  return %4 : f32
}
func.func @f9(%x: i32, %i: index) -> index {
  %c = arith.constant 9 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 11)>()[%i]
  return %j : index
}
func.func @f10(%x: f32, %i: index, %m: memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>) -> f32 {
  %c = arith.constant 10.0 : f32
  %0 = arith.mulf %x, %c : f32
  %1 = math.exp %0 : f32
  %j = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%i]
  %v = memref.load %m[%i, %j] : memref<4x4xf32, affine_map<(d0, d1) -> (d1 * 4 + d0)>>
  %2 = arith.addf %1, %v : f32
  %3 = arith.addf %1, %v : f32
  %4 = arith.addf %2, %3 : f32
  return %4 : f32
}
func.func @f11(%x: i32, %i: index) -> index {
  %c = arith.constant 11 : i32
  %0 = arith.addi %x, %c : i32
  %j = affine.apply affine_map<()[s0] -> (s0 * 13)>()[%i]
  return %j : index
}
}
