// A pass that ends the process with exit(0) in the middle of its step (as a
// library might): the worker never said how its run ended, so the run is a
// death, documented like a crash with exit code 5, not a success whose
// output went missing. A worker sends its outcome on the channel; its exit
// code says only whether it got that far. The replay that locates the step
// ends in step 2 without its answer, so step 2 is where it died.

// RUN: rm -rf %t && mkdir %t
// RUN: %irs_plugin_cc -DTP_EXIT %S/Inputs/c-plugin.c -o %t/tp.so
// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/tp.so --pass-pipeline="builtin.module(func.func(cse),tp-fail)" --failure-dir=%t/fail; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s -DDIR=%t/fail --implicit-check-not="irscope-opt: error:"
// CHECK: irscope-opt: error: step 2 'builtin.module(tp-fail)' ended the process with exit code 0
// CHECK: irscope-opt: note: report: [[DIR]]/report.xml
// CHECK-NEXT: irscope-opt: note: replay: irscope-opt {{.*}}--run-reproducer [[DIR]]/reproducer.mlir
// CHECK-NEXT: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/fail/report.xml
// REPORT: <failure kind="crash"

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
