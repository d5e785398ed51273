// A pass failure after which the run dies while it is freed (the test
// plugin's tp-fail built with -DTP_CRASH_AT_FREE: the context's destruction
// crashes, as a free does after a pass corrupted the heap) keeps that death
// in its signature: every candidate is run with threads and freed as the
// plain tool frees its run, and must fail and then die too. The reproducer
// replays with threads, as the failure needs.
//
// RUN: rm -rf %t && mkdir %t
// RUN: %irs_plugin_cc -DTP_CRASH_AT_FREE %S/../Plugins/Inputs/c-plugin.c -o %t/tp.so
// RUN: opt-reduce %s --load-pass-plugin=%t/tp.so --pass-pipeline='builtin.module(func.func(cse),tp-fail)' -o %t/out.mlir --reproducer=%t/repro.mlir -v 2>&1 \
// RUN:   | FileCheck %s
// CHECK: opt-reduce: test 1 [check] the module as it is: pass-failure in tp-fail, interesting
// CHECK: opt-reduce: note: run as the plain tool runs it (MLIR's threads, the run freed at its end), the input fails so and then dies of SIGSEGV freeing the run: every test runs so, and keeps that death
// CHECK: opt-reduce: done: wrote '{{.*}}out.mlir' ({{[0-9]+}} tests); signature: pass-failure in tp-fail, then died of SIGSEGV freeing the run
// RUN: FileCheck %s --check-prefix=REPRO < %t/repro.mlir
// REPRO: disable_threading: false

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
