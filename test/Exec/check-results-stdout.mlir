// What the executed programs print never reaches irscope-opt's own stdout:
// with the output on stdout (-o -), its bytes are mlir-opt's, whether the
// JIT'd code prints through the C library (vector.print, putchar, without
// a final newline) or writes to fd 1 directly, and when it dies (a failing
// cf.assert aborts). In-process and with --tool; the check's verdict is on
// stderr.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt %s --pass-pipeline="builtin.module(inline,canonicalize,cse)" > %t/plain.mlir
// RUN: irscope-opt %s --pass-pipeline="builtin.module(inline,canonicalize,cse)" --check-results > %t/out.mlir 2> %t/err
// RUN: cmp %t/plain.mlir %t/out.mlir
// RUN: FileCheck %s --check-prefix=SAME < %t/err
// SAME: irscope-opt: note: results match the input's after all 3 steps (2 executions)
// RUN: irscope-opt %s --tool=%mlir_opt --pass-pipeline="builtin.module(inline,canonicalize,cse)" --check-results > %t/tool.mlir 2> %t/err2
// RUN: cmp %t/plain.mlir %t/tool.mlir
// RUN: FileCheck %s --check-prefix=SAME < %t/err2

// The reference aborts (exit 2, no reference result).
// RUN: %mlir_opt %S/check-results-reference-crash.mlir --canonicalize > %t/plain-crash.mlir
// RUN: not irscope-opt %S/check-results-reference-crash.mlir --canonicalize --check-results --failure-dir=%t/f1 > %t/crash.mlir 2>/dev/null
// RUN: cmp %t/plain-crash.mlir %t/crash.mlir
// RUN: not irscope-opt %S/check-results-reference-crash.mlir --tool=%mlir_opt --canonicalize --check-results --failure-dir=%t/f2 > %t/tool-crash.mlir 2>/dev/null
// RUN: cmp %t/plain-crash.mlir %t/tool-crash.mlir

llvm.mlir.global internal constant @msg("written to fd 1 directly\0A") {addr_space = 0 : i32}
func.func private @write(i32, !llvm.ptr, i64) -> i64
func.func private @putchar(i32) -> i32

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %p = llvm.mlir.addressof @msg : !llvm.ptr
  %fd = arith.constant 1 : i32
  %n = arith.constant 25 : i64
  %w = call @write(%fd, %p, %n) : (i32, !llvm.ptr, i64) -> i64
  vector.print str "printed by vector.print\n"
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %r = call @add(%c40, %c2) : (i32, i32) -> i32
  vector.print %r : i32
  %bang = arith.constant 33 : i32
  %q = call @putchar(%bang) : (i32) -> i32
  return
}
