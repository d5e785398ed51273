// --check-results needs a reference: when the input itself dies in its JIT'd
// code (here a failing cf.assert, which aborts), the error says so, with
// what it printed before (the assert's message), and no step is blamed
// (exit 2, no report).

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --canonicalize --check-results --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="irscope-opt: error:"
// CHECK: irscope-opt: error: the input '{{.*}}check-results-reference-crash.mlir' does not run cleanly: '@main' crashed (signal 6); --check-results needs a reference result
// CHECK-NEXT: irscope-opt: note: the input's execution printed:
// CHECK-NEXT: irscope-opt: note:   | the reference fails
// CHECK-NEXT: exit=2
// RUN: not ls %t/report.xml

func.func @main() {
  %false = arith.constant false
  cf.assert %false, "the reference fails"
  return
}
