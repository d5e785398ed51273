// irscope-report renders a failure directory written without
// --dump-after-each (the default failure path): report.xml is its index.
// The page has the failure, the links to the pre-step IR and the
// reproducers, the replay commands and every step with its status.

// A pass failure in step 2.
// RUN: rm -rf %t && not irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),func.func(irs-test-fail{op=arith.muli}),canonicalize)" --failure-dir=%t -o /dev/null 2>/dev/null
// RUN: irscope-report %t 2>&1 | FileCheck %s --check-prefix=WROTE -DDIR=%t
// WROTE: irscope-report: wrote [[DIR]]/report.html
// RUN: FileCheck %s --check-prefix=FAIL < %t/report.html
// FAIL: Status <span id="run-status">failed</span>
// FAIL: <h2>Failure</h2>
// FAIL: pass 'irs-test-fail' signalled failure
// FAIL: IR before the step: <a href="failure-input.mlir">failure-input.mlir</a>
// FAIL: Reproducer: <a href="reproducer.mlir">reproducer.mlir</a>
// FAIL: irscope-opt --run-reproducer [[DIR:.*]]/reproducer.mlir
// FAIL: id="step-1"
// FAIL-SAME: cse on func.func
// FAIL: id="step-2"
// FAIL-SAME: <span class="badge status-failed">pass-failure</span> irs-test-fail on func.func
// FAIL-SAME: failing step
// FAIL: id="step-3"
// FAIL-SAME: not-run

// A crash in step 1: the trace and the crash site; the input's dialects
// are counted from the pre-step IR, which is the input.
// RUN: rm -rf %t.crash && not irscope-opt %s --pass-pipeline="builtin.module(irs-test-abort{op=arith.muli},cse)" --failure-dir=%t.crash -o /dev/null 2>/dev/null
// RUN: irscope-report %t.crash
// RUN: FileCheck %s --check-prefix=CRASH < %t.crash/report.html
// CRASH: crashed with SIGABRT
// CRASH: title="input: 6 ops, arith 3, (unprefixed) 1, builtin 1, func 1"
// CRASH: id="step-1"
// CRASH-SAME: crash

// Neither a manifest nor a report: the same error as before.
// RUN: rm -rf %t.none && mkdir %t.none && not irscope-report %t.none 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: irscope-report: error: no manifest in

func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  %c = arith.addi %a, %a : i32
  %d = arith.muli %b, %c : i32
  return %d : i32
}
