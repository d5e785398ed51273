// A pass that fails, and whose run leaves the worker to crash while it
// frees the run (a pass that corrupted the heap: linalg-detensorize of
// llvm/llvm-project#102577 on two functions breaks the IR, then a later
// free dies). The failure the worker reported stays the run's: its error,
// its report.xml and its exit code; the death is one note, between the
// failure's lines and its replay (the supervisor prints them all once the
// worker ended), not a second error and a second report over the first.

// RUN: rm -rf %t && mkdir %t
// RUN: %irs_plugin_cc -DTP_CRASH_AT_FREE %S/Inputs/c-plugin.c -o %t/tp.so
// RUN: sh -c 'irscope-opt %s --load-pass-plugin=%t/tp.so --pass-pipeline="builtin.module(func.func(cse),tp-fail)" --dump-after-each=%t/d; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s -DDIR=%t/d --implicit-check-not="irscope-opt: error:"
// CHECK: irscope-opt: error: step 2 'builtin.module(tp-fail)' failed: pass 'tp-fail' signalled failure; report: [[DIR]]/report.xml
// CHECK-NEXT: irscope-opt: note: the worker then crashed with SIGSEGV while freeing the run: a pass may have corrupted memory
// CHECK-NEXT: irscope-opt: note: replay: irscope-opt --load-pass-plugin={{.*}}tp.so --run-reproducer [[DIR]]/reproducer.mlir
// CHECK-NEXT: exit=1
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <failure kind="pass-failure" step="2" pass="tp-fail"

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
