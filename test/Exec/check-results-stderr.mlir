// A program that dies says why, on stdout or stderr, and mlir-runner would
// have shown it on the terminal; --check-results shows the last lines it
// printed and wrote to stderr after its verdict, each behind "  | ", when
// the input's execution dies (no reference, exit 2) or the execution after
// the culprit step does (exit 9); not the execution worker's crash trace.
// irscope-opt's stdout stays the plain run's output. Here the program
// checks its own sum: when it is wrong it writes a complaint to fd 2 and
// fails a cf.assert, whose lowering prints the message and aborts;
// irs-test-miscompile turns the sum's addi into a subi.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-miscompile{func=add},symbol-dce)" --check-results --failure-dir=%t/f1 > %t/out.mlir 2> %t/err; echo exit=$? >> %t/err'
// RUN: FileCheck %s --check-prefix=CULPRIT -DDIR=%t/f1 --implicit-check-not=Stack < %t/err
// CULPRIT: irscope-opt: error: step 2 'builtin.module(irs-test-miscompile{func=add})' changed the results of '@main': it now crashed (signal 6); report: [[DIR]]/report.xml
// CULPRIT-NEXT: irscope-opt: note: the execution after step 2 printed:
// CULPRIT-NEXT: irscope-opt: note:   | the sum is wrong
// CULPRIT-NEXT: irscope-opt: note: the execution after step 2 wrote to stderr:
// CULPRIT-NEXT: irscope-opt: note:   | runtime: bad sum
// CULPRIT: exit=9
// RUN: irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-miscompile{func=add},symbol-dce)" -o %t/plain.mlir
// RUN: cmp %t/plain.mlir %t/out.mlir

// The miscompiled IR as the input: no reference result.
// RUN: irscope-opt %s --pass-pipeline="builtin.module(irs-test-miscompile{func=add})" -o %t/broken.mlir
// RUN: sh -c 'irscope-opt %t/broken.mlir --canonicalize --check-results --failure-dir=%t/f2 -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REFERENCE --implicit-check-not=Stack
// REFERENCE: irscope-opt: error: the input '{{.*}}broken.mlir' does not run cleanly: '@main' crashed (signal 6); --check-results needs a reference result
// REFERENCE-NEXT: irscope-opt: note: the input's execution printed:
// REFERENCE-NEXT: irscope-opt: note:   | the sum is wrong
// REFERENCE-NEXT: irscope-opt: note: the input's execution wrote to stderr:
// REFERENCE-NEXT: irscope-opt: note:   | runtime: bad sum
// REFERENCE-NEXT: exit=2

// A program that ends normally shows nothing of what it prints.
// RUN: irscope-opt %s --canonicalize --check-results -o /dev/null 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not="  | "
// CLEAN: irscope-opt: note: results match the input's after all 1 steps

llvm.mlir.global internal constant @complaint("runtime: bad sum\0A") {addr_space = 0 : i32}
func.func private @write(i32, !llvm.ptr, i64) -> i64

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() -> i32 {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %c42 = arith.constant 42 : i32
  %r = call @add(%c40, %c2) : (i32, i32) -> i32
  %ok = arith.cmpi eq, %r, %c42 : i32
  cf.cond_br %ok, ^done, ^complain
^complain:
  %p = llvm.mlir.addressof @complaint : !llvm.ptr
  %fd = arith.constant 2 : i32
  %n = arith.constant 17 : i64
  %w = call @write(%fd, %p, %n) : (i32, !llvm.ptr, i64) -> i64
  cf.br ^done
^done:
  cf.assert %ok, "the sum is wrong"
  return %r : i32
}
