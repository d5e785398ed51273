// With crash protection (the default) the worker that runs the steps can
// die; the supervisor then writes --trace and --junit itself from the steps
// the worker reported before dying, the step it died in (status crash, its
// stderr with the stack trace as the failure text) and the steps that never
// ran. With --split-input-file each chunk is its own suite / thread, and the
// chunk after the crash still runs.

// REQUIRES: xmllint
// RUN: rm -rf %t %t.json %t.xml
// RUN: sh -c 'irscope-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-abort{op=arith.muli},symbol-dce)" --dump-after-each=%t --trace=%t.json --junit=%t.xml -o /dev/null; echo exit=$?' 2>/dev/null | FileCheck %s --check-prefix=EXIT
// EXIT: exit=5
// RUN: xmllint --noout --schema %schemas/junit.xsd %t.xml
// RUN: FileCheck %s --check-prefix=JUNIT < %t.xml
// JUNIT: <testsuites name="irscope-opt {{.*}}" tests="6" failures="1" errors="0" skipped="1"
// JUNIT-NEXT: <testsuite name="builtin.module({{.*}}) [chunk-001]" tests="3" failures="1" errors="0" skipped="1"
// JUNIT-NEXT: <testcase name="step 1 builtin.module(func.func(canonicalize))" classname="builtin.module({{.*}}) [chunk-001]" time="{{[0-9.]+}}"/>
// JUNIT-NEXT: <testcase name="step 2 builtin.module(irs-test-abort{op=arith.muli})"
// JUNIT-NEXT: <failure message="step 2 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT" type="crash">irscope-opt: fatal signal SIGABRT
// JUNIT: </failure>
// JUNIT: <testcase name="step 3 builtin.module(symbol-dce)"
// JUNIT-NEXT: <skipped message="not run: an earlier step failed"/>
// JUNIT: <testsuite name="builtin.module({{.*}}) [chunk-002]" tests="3" failures="0" errors="0" skipped="0"
// JUNIT-NEXT: <testcase name="step 1
// JUNIT-NEXT: <testcase name="step 2
// JUNIT-NEXT: <testcase name="step 3

// RUN: %python %S/Inputs/check_trace.py %t.json | FileCheck %s --check-prefix=TRACE
// TRACE: meta thread_name tid=1 builtin.module({{.*}}) [chunk-001]
// TRACE: meta thread_name tid=2 builtin.module({{.*}}) [chunk-002]
// TRACE: step canonicalize tid=1 index=1 status=ok changed=true
// TRACE: step irs-test-abort tid=1 index=2 status=crash changed=false message=step 2 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT
// TRACE: step canonicalize tid=2 index=1 status=ok
// TRACE: step irs-test-abort tid=2 index=2 status=ok
// TRACE: step symbol-dce tid=2 index=3 status=ok
// TRACE: valid trace

// Each chunk's dump directory makes its own page; chunk 1's shows the crash.
// RUN: irscope-report %t/chunk-001
// RUN: FileCheck %s --check-prefix=PAGE < %t/chunk-001/report.html
// PAGE: <body data-failed-step="2">
// PAGE: <a class="bar status-crashed failing-step" href="#step-2"
// RUN: irscope-report %t/chunk-002
// RUN: FileCheck %s --check-prefix=PAGE1 < %t/chunk-002/report.html
// PAGE1: <body data-failed-step="0">
// PAGE1: <span id="run-status">ok</span>

// A step timeout is documented the same way (type timeout).
// RUN: sh -c 'irscope-opt %s --split-input-file --step-timeout=1 --pass-pipeline="builtin.module(irs-test-hang{op=arith.muli})" --junit=%t.xml --failure-dir=%t.fd -o /dev/null; echo exit=$?' 2>/dev/null | FileCheck %s --check-prefix=HANG
// HANG: exit=6
// RUN: xmllint --noout --schema %schemas/junit.xsd %t.xml
// RUN: FileCheck %s --check-prefix=HANGX < %t.xml
// HANGX: <failure message="step 1 'builtin.module(irs-test-hang{op=arith.muli})' timed out after 1 s" type="timeout">

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %e = arith.muli %b, %b : i32
  return %e : i32
}

// -----

func.func @g(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
