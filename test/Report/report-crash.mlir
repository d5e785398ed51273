// irscope-report on the directory of a run whose worker crashed, with
// --dump-only-changed: the manifest was patched by the supervisor (the
// crashed step has status "crash" and no results), unchanged steps have no
// dump file. The page marks the crashed step, shows what the worker printed
// (the stack trace) and the reproducer command, and explains the steps
// without a dump.

// RUN: rm -rf %t
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),irs-test-abort{op=arith.muli},symbol-dce)" --dump-after-each=%t --dump-only-changed -o /dev/null 2>/dev/null
// RUN: irscope-report %t -o %t/page.html
// RUN: FileCheck %s -DDIR=%t < %t/page.html
// CHECK: <body data-failed-step="3">
// CHECK: <span id="run-status">crash</span>
// CHECK: <p class="failure-kind" id="failure-summary">Step 3 (irs-test-abort on builtin.module) failed: crash</p>
// CHECK-NEXT: <p class="failure-message">step 3 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT</p>
// CHECK-NEXT: <p>Signal: SIGABRT</p>
// CHECK: <pre id="stack-trace">irscope-opt: fatal signal SIGABRT
// CHECK: <li>Last good dump: <a href="0001-func.func-canonicalize.mlir">0001-func.func-canonicalize.mlir</a>
// CHECK: <li>Reproducer of the whole pipeline: <a href="reproducer-full.mlir">reproducer-full.mlir</a>
// CHECK: <pre id="reproducer-command">irscope-opt --run-reproducer [[DIR]]/reproducer.mlir</pre>
// CHECK: <a class="bar status-ok" href="#step-1"
// CHECK-SAME: <a class="bar status-unchanged" href="#step-2"
// CHECK-SAME: <a class="bar status-crashed failing-step" href="#step-3" data-step="3" data-status="crashed"
// CHECK-SAME: <a class="bar status-not-run" href="#step-4"
// CHECK: <details class="fold"><summary>Step 2 changed nothing</summary>
// CHECK: <p class="note">the step changed nothing (dump skipped by --dump-only-changed)</p>
// CHECK: <details class="step st-crashed failing-step" id="step-3" data-step="3" data-status="crashed" data-symbols="" open>
// CHECK-SAME: <span class="badge status-crashed">crash</span>
// CHECK: <p class="note">the step did not finish; its IR was not dumped</p>
// CHECK: <details class="step st-not-run" id="step-4"

// A run that is still going (or was killed before the supervisor could
// patch the manifest) is shown as far as it got.
// RUN: sed -e 's/status="crash"/status="running"/' -e 's/ failed="3"//' -e '/<failure report/d' %t/manifest.xml > %t/m.xml
// RUN: mv %t/m.xml %t/manifest.xml
// RUN: irscope-report %t -o %t/page.html
// RUN: FileCheck %s --check-prefix=RUNNING --implicit-check-not='id="failure"' < %t/page.html
// RUNNING: <body data-failed-step="0">
// RUNNING: <span id="run-status">running</span>

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %e = arith.muli %b, %b : i32
  return %e : i32
}
