// After a module-level step whose dump a forked printer prints, the
// fingerprints of the top-level ops it changed (their light hashes say so)
// are not computed: the printer holds the module as the step left it. When
// the next step leaves such an op's light hash as it was, only its
// properties or attributes may have changed, and the pipeline asks the
// printer for the op's fingerprint.
// symbol-privatize changes only a property of each function (its
// visibility): the held fingerprints are asked for and differ, so the step
// changed the IR and no function's text of the last dump is reused (each
// says `private`). lower-affine then changes nothing: a copy. The first
// step's light hashes are compared with the input's.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IRS_TEST_FORKS_PAY=1 IRSCOPE_PHASES=%t/phases.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-privatize,lower-affine)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-privatize)' -o %t/ref2.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/d/0002-builtin.module-symbol-privatize.mlir
// RUN: cmp %t/ref2.mlir %t/d/0003-builtin.module-lower-affine.mlir
// RUN: cmp %t/ref2.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=PRIV < %t/d/0002-builtin.module-symbol-privatize.mlir
// PRIV-COUNT-3: func.func private @
// RUN: FileCheck %s --check-prefix=MAN < %t/d/manifest.xml
// MAN: <step index="1" pass="convert-arith-to-llvm" anchor="builtin.module" status="ok" changed="true">
// MAN: <step index="2" pass="symbol-privatize" anchor="builtin.module" status="ok" changed="true">
// MAN: <step index="3" pass="lower-affine" anchor="builtin.module" status="ok" changed="false">
// Three fingerprints held after convert-arith-to-llvm, three asked for.
// RUN: FileCheck %s --check-prefix=PHASES < %t/phases.txt
// PHASES-DAG: phase {{[0-9]+}} held 1 {{[0-9.]+ [0-9.]+}} 24
// PHASES-DAG: phase {{[0-9]+}} ask 1 {{[0-9.]+ [0-9.]+}} 24
//
// A held op that the next step leaves alone: asked for, equal, unchanged.
// RUN: env IRS_TEST_FORKS_PAY=1 IRSCOPE_PHASES=%t/phases2.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,lower-affine)' --dump-after-each=%t/e -o /dev/null
// RUN: cmp %t/ref1.mlir %t/e/0002-builtin.module-lower-affine.mlir
// RUN: FileCheck %s --check-prefix=SAME < %t/e/manifest.xml
// SAME: <step index="2" pass="lower-affine" anchor="builtin.module" status="ok" changed="false">
// RUN: FileCheck %s --check-prefix=PHASES < %t/phases2.txt
//
// Where forks do not pay (the probe's fault cost; here forced), dumps are
// printed in place and every op's fingerprint is walked at once: nothing is
// held, and the answers and dumps are the same. A conversion's dump is
// printed in place on two threads and written by a thread during the next
// step, which the next dump waits for (a wait phase).
// RUN: env IRS_TEST_FORKS_PAY=0 IRSCOPE_PHASES=%t/phases4.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-privatize,lower-affine)' --dump-after-each=%t/n -o /dev/null
// RUN: cmp %t/ref1.mlir %t/n/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/n/0002-builtin.module-symbol-privatize.mlir
// RUN: FileCheck %s --check-prefix=MAN < %t/n/manifest.xml
// RUN: FileCheck %s --check-prefix=NOHELD < %t/phases4.txt
// RUN: FileCheck %s --check-prefix=INPLACE < %t/phases4.txt
// INPLACE: phase {{[0-9]+}} wait
//
// Without threads nothing is forked or held, and the answers are the same.
// RUN: env IRSCOPE_PHASES=%t/phases3.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-privatize,lower-affine)' --dump-after-each=%t/s --mlir-disable-threading -o /dev/null
// RUN: cmp %t/ref2.mlir %t/s/0002-builtin.module-symbol-privatize.mlir
// RUN: FileCheck %s --check-prefix=MAN < %t/s/manifest.xml
// RUN: FileCheck %s --check-prefix=NOHELD < %t/phases3.txt
// NOHELD-NOT: held

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
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
