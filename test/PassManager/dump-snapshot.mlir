// A module whose print has aliases (#map) cannot be dumped from its
// functions' texts: once a whole print shows them, a module-level step's
// dump is printed by a forked child from a copy-on-write snapshot while
// the pipeline goes on (BackgroundDump.c), not from clones, and the
// unchanged steps after it get copies of its dump made once the child is
// done. The dumps are byte-identical to mlir-opt's print of the same
// prefix of the pipeline, and every one is hashed in the final manifest.
// IRSCOPE_PHASES names the file where the run appends where its time went,
// by phase.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IRS_TEST_FORKS_PAY=1 IRSCOPE_PHASES=%t/phases.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-dce,cse)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-dce,cse)' -o %t/ref3.mlir
// RUN: FileCheck %s --check-prefix=ALIAS < %t/ref1.mlir
// ALIAS: #map = affine_map<()[s0] -> (s0 * 32)>
// ALIAS-NEXT: module {
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref1.mlir %t/d/0002-builtin.module-symbol-dce.mlir
// RUN: cmp %t/ref3.mlir %t/d/0003-builtin.module-cse.mlir
// RUN: cmp %t/ref3.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST-NOT: pending
// MANIFEST: <dump file="0001-builtin.module-convert-arith-to-llvm.mlir" hash="[[H:[0-9a-f]{16}]]"/>
// MANIFEST: <dump file="0002-builtin.module-symbol-dce.mlir" hash="[[H]]"/>
// MANIFEST: <dump file="0003-builtin.module-cse.mlir" hash="{{[0-9a-f]+}}"/>
// MANIFEST-NOT: pending
// RUN: FileCheck %s --check-prefix=PHASES < %t/phases.txt
// PHASES-DAG: phase {{[0-9]+}} fork 2 {{[0-9.]+ [0-9.]+}} 0
// PHASES-DAG: phase {{[0-9]+}} child 2 {{[0-9.]+ [0-9.]+}} 0
// PHASES-DAG: phase {{[0-9]+}} copy 1 {{[0-9.]+ [0-9.]+}} 0
// PHASES-DAG: phase {{[0-9]+}} verify
// PHASES-DAG: phase {{[0-9]+}} fingerprint
// PHASES-NOT: clone
// Without threads nothing is forked, and the dumps are the same bytes.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-dce,cse)' --dump-after-each=%t/s --mlir-disable-threading -o /dev/null
// RUN: cmp %t/ref1.mlir %t/s/0002-builtin.module-symbol-dce.mlir

func.func @a(%x: i32, %i: index) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = affine.apply affine_map<()[s0] -> (s0 * 32)>()[%i]
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func @c(%x: f32) -> f32 {
  %0 = arith.addf %x, %x : f32
  return %0 : f32
}
