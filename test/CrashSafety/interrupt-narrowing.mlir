// SIGINT to irscope-opt while a verifier failure is narrowed (a fresh
// worker forks a trial per run of the step) ends the run as an interrupt at
// any other time: exit 130, the failure's line and one note, report.xml and
// the manifest as the failing worker wrote them (no <action>, no
// temporaries), and no trial left running.
//
// The interrupt comes while the first trial runs, whatever the load:
// IRS_TEST_NARROW_HOLD=DIR (NarrowHold.c) makes the first forked trial
// write its pid to DIR/pid, send SIGINT to irscope-opt and wait to be
// killed (for 60 s at most, then it logs "not stopped while held" and runs).

// RUN: rm -rf %t %t.hold && mkdir %t.hold
// RUN: sh -c 'IRS_TEST_NARROW_HOLD=%t.hold irscope-opt %s --pass-pipeline="builtin.module(func.func(linalg-detensorize))" --dump-after-each=%t -o /dev/null; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t --implicit-check-not="irscope-opt: error:" < %t.log
// CHECK: error: reference to block defined in another region
// CHECK: irscope-opt: error: step 1 'builtin.module(func.func(linalg-detensorize))' broke the IR: verifier failed after pass 'linalg-detensorize'; report: [[DIR]]/report.xml
// CHECK-NEXT: irscope-opt: note: interrupted while narrowing step 1: the failure is documented without its action
// CHECK-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// CHECK-NEXT: exit=130

// The trial was held, never released, and is gone (killed with the worker
// it was forked from; a zombie at most, where nothing reaps orphans).
// RUN: not ls %t.hold/log
// RUN: sh -c 'ps -o stat= -p $(cat %t.hold/pid) | grep -v Z; true' | count 0

// RUN: ls %t | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES-NEXT: failure-input.mlir
// FILES-NEXT: failure-output.mlir
// FILES-NEXT: manifest.xml
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer.mlir
// FILES-EMPTY:
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/manifest.xml
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="verify-failure" step="1" pass="linalg-detensorize"
// REPORT-NOT: <action

module {
  func.func private @func1() {
    %true_20 = arith.constant true
    cf.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb2
    cf.cond_br %true_20, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    cf.br ^bb1
  ^bb3:  // pred: ^bb1
    return
  }
}
