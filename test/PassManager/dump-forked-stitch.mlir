// A module-level step that changes a quarter of the top-level ops or more
// (a conversion) is dumped by a forked child sharing the module
// copy-on-write: no clones, so the module is never held twice. The child
// stitches the dump from the op texts the parent had and prints of the
// changed ops, and hands back where each op's text lies in the dump; the
// parent's dump cache then points into that file. The next step
// (symbol-dce erases @dead, the other functions unchanged) reuses those
// texts, read back from the file: nothing is printed for its dump, and no
// op is cloned. Every dump is byte-identical to mlir-opt's print.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IRSCOPE_PHASES=%t/phases.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-dce)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-dce)' -o %t/ref2.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/d/0002-builtin.module-symbol-dce.mlir
// RUN: cmp %t/ref2.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=PHASES < %t/phases.txt
// PHASES-DAG: phase {{[0-9]+}} fork 1 {{[0-9.]+ [0-9.]+}} 0
// PHASES-DAG: phase {{[0-9]+}} child 1 {{[0-9.]+ [0-9.]+}} 0
// The fork also timed a copy-on-write fault (wall), and says whether forks
// pay at that cost (bytes 1) or conversions are printed in place (0).
// PHASES-DAG: phase {{[0-9]+}} probe 1 0.000000 {{[0-9.]+}} {{[01]$}}
// The only op texts the parent printed are the input dump's (by one or
// both threads, which claim ops a few at a time); the dump after
// symbol-dce was written from texts.
// PHASES-DAG: phase {{[0-9]+}} print {{[12]}} {{[0-9.]+ [0-9.]+}} {{[0-9]+}}
// PHASES-DAG: phase {{[0-9]+}} write 2
// RUN: FileCheck %s --check-prefix=NOPRINT < %t/phases.txt
// NOPRINT-NOT: print-whole
// NOPRINT-NOT: clone
// Without threads nothing is forked, and the dumps are the same bytes.
// RUN: irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,symbol-dce)' --dump-after-each=%t/s --mlir-disable-threading -o /dev/null
// RUN: cmp %t/ref1.mlir %t/s/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/s/0002-builtin.module-symbol-dce.mlir

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
func.func private @dead(%x: i64) -> i64 {
  %0 = arith.subi %x, %x : i64
  return %0 : i64
}
