// Where a module-level step's dump is printed in place on two threads
// (IRS_TEST_FORKS_PAY=0: forks never pay), each top-level op is verified
// by the thread that prints it, and the module alone beside them
// (VerifyPrint.c): the phases count one verification per function plus
// the module's, the dumps are mlir-opt's output after each step, and a
// step that breaks the IR fails with exactly the error of a run without
// dumps, whether a function's verifier catches it (a use its definition
// does not dominate) or only the module's symbol table (a call to a
// missing function).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env IRS_TEST_FORKS_PAY=0 IRSCOPE_PHASES=%t/phases.txt irscope-opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,cse)' --dump-after-each=%t/d -o %t/out.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm)' -o %t/ref1.mlir
// RUN: %mlir_opt %s --pass-pipeline='builtin.module(convert-arith-to-llvm,cse)' -o %t/ref2.mlir
// RUN: cmp %t/ref1.mlir %t/d/0001-builtin.module-convert-arith-to-llvm.mlir
// RUN: cmp %t/ref2.mlir %t/d/0002-builtin.module-cse.mlir
// RUN: cmp %t/ref2.mlir %t/out.mlir
// Two steps changed the module: 2 x (3 functions + the module alone).
// RUN: FileCheck %s --check-prefix=PHASES < %t/phases.txt
// PHASES: phase {{[0-9]+}} verify 8 {{[0-9.]+ [0-9.]+}} 0
//
// A function's verifier: the dominance error, as without dumps.
// RUN: sh -c 'env IRS_TEST_FORKS_PAY=0 irscope-opt %s --pass-pipeline="builtin.module(convert-arith-to-llvm,irs-test-corrupt{op=llvm.mul})" --dump-after-each=%t/e -o /dev/null; echo exit=$?' > %t/dom-dumps.txt 2>&1
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(convert-arith-to-llvm,irs-test-corrupt{op=llvm.mul})" -o /dev/null; echo exit=$?' > %t/dom-plain.txt 2>&1
// RUN: FileCheck %s --check-prefix=DOM < %t/dom-dumps.txt
// DOM: error: operand #0 does not dominate this use
// DOM: irscope-opt: error: step 2 'builtin.module(irs-test-corrupt{op=llvm.mul})' broke the IR: verifier failed after pass 'irs-test-corrupt'
// DOM: exit=3
// RUN: grep -v -e 'report:' -e 'replay:' %t/dom-dumps.txt > %t/dom-dumps.cmp
// RUN: grep -v -e 'report:' -e 'replay:' %t/dom-plain.txt > %t/dom-plain.cmp
// RUN: diff %t/dom-plain.cmp %t/dom-dumps.cmp
//
// Only the module's symbol table: the call's callee does not exist.
// RUN: sh -c 'env IRS_TEST_FORKS_PAY=0 irscope-opt %s --pass-pipeline="builtin.module(convert-arith-to-llvm,irs-test-corrupt{op=func.call mode=symbol})" --dump-after-each=%t/s -o /dev/null; echo exit=$?' > %t/sym-dumps.txt 2>&1
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(convert-arith-to-llvm,irs-test-corrupt{op=func.call mode=symbol})" -o /dev/null; echo exit=$?' > %t/sym-plain.txt 2>&1
// RUN: FileCheck %s --check-prefix=SYM < %t/sym-dumps.txt
// SYM: error: 'func.call' op 'irs.missing.symbol' does not reference a valid function
// SYM: irscope-opt: error: step 2 'builtin.module(irs-test-corrupt{op=func.call mode=symbol})' broke the IR: verifier failed after pass 'irs-test-corrupt'
// SYM: exit=3
// RUN: grep -v -e 'report:' -e 'replay:' %t/sym-dumps.txt > %t/sym-dumps.cmp
// RUN: grep -v -e 'report:' -e 'replay:' %t/sym-plain.txt > %t/sym-plain.cmp
// RUN: diff %t/sym-plain.cmp %t/sym-dumps.cmp

func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %b = arith.addi %a, %c1 : i32
  %c = arith.muli %b, %b : i32
  %d = call @g(%c) : (i32) -> i32
  return %d : i32
}

func.func @g(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c1b = arith.constant 1 : i32
  %b = arith.subi %a, %c1 : i32
  %c = arith.subi %b, %c1b : i32
  return %c : i32
}

func.func @h(%a: index) -> index {
  %c2 = arith.constant 2 : index
  %b = arith.muli %a, %c2 : index
  return %b : index
}
