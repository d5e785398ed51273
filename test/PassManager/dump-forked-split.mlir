// A conversion's dump printed by a forked printer (ForkedDump.c) is split
// between two printers: the printer forks a second one that prints the
// second half of the ops to print into an anonymous file, prints the
// first half itself, then appends the second's part and its ops' places.
// Both print each top-level op alone (local scope), so the stitched bytes
// are those of one printer: every dump is byte-identical to mlir-opt's
// print after that step, the module's attributes included, and the next
// step's dump reuses texts from both halves. IRSCOPE_PHASES shows one
// "split" per dump split so (the second printer's CPU and bytes).
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IRS_TEST_FORKS_PAY=1 IRSCOPE_PHASES=%t/phases.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-func-to-llvm,symbol-dce)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-func-to-llvm)' -o %t/ref2.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,convert-func-to-llvm,symbol-dce)' -o %t/ref3.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/d/0002-builtin.module-convert-func-to-llvm.mlir
// RUN: cmp %t/ref3.mlir %t/d/0003-builtin.module-symbol-dce.mlir
// RUN: cmp %t/ref3.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=ATTR < %t/ref1.mlir
// ATTR: module attributes {test.name = "split", test.widths = [8, 16, 32]} {
// RUN: FileCheck %s --check-prefix=PHASES < %t/phases.txt
// PHASES-COUNT-2: phase {{[0-9]+}} split 1 {{[0-9.]+}} 0.000000 {{[1-9][0-9]*}}
// PHASES-NOT: split
// symbol-dce only erased @dead: its dump was written from the texts of
// both halves, nothing printed.
// PHASES: phase {{[0-9]+}} write
// A second printer that dies mid-write (SIGKILL at its first write) costs
// nothing but time: the first prints those ops itself, and the dumps are
// the same bytes.
// RUN: %python %S/Inputs/kill_split_tail.py %t/k %s 'builtin.module(convert-arith-to-llvm,convert-func-to-llvm,symbol-dce)' %t/d

module attributes {test.name = "split", test.widths = [8, 16, 32]} {
func.func @f0(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
func.func @f1(%x: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %0 = arith.mulf %x, %c : f32
  return %0 : f32
}
func.func @f2(%x: i64, %y: i64) -> i1 {
  %0 = arith.cmpi slt, %x, %y : i64
  return %0 : i1
}
func.func @f3(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
func.func @f4(%x: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %0 = arith.mulf %x, %c : f32
  return %0 : f32
}
func.func @f5(%x: i64, %y: i64) -> i1 {
  %0 = arith.cmpi slt, %x, %y : i64
  return %0 : i1
}
func.func @f6(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
func.func @f7(%x: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %0 = arith.mulf %x, %c : f32
  return %0 : f32
}
func.func @f8(%x: i64, %y: i64) -> i1 {
  %0 = arith.cmpi slt, %x, %y : i64
  return %0 : i1
}
func.func @f9(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
func.func private @dead(%x: i64) -> i64 {
  %0 = arith.subi %x, %x : i64
  return %0 : i64
}
func.func @f10(%x: f32) -> f32 {
  %c = arith.constant 2.0 : f32
  %0 = arith.mulf %x, %c : f32
  return %0 : f32
}
func.func @f11(%x: i64, %y: i64) -> i1 {
  %0 = arith.cmpi slt, %x, %y : i64
  return %0 : i1
}
}
