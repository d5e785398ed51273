// --stop-on-failure ends the loop at the first failing run: here the first
// (rate=1 fails every time), so 1 of 1 runs, the loop says it stopped,
// and repeat.xml records stopped-early. Exit code 1 (pass failure).

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse,irs-test-flaky{op=func.func rate=1})" --repeat=50 --stop-on-failure --failure-dir=%t; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// CHECK: irscope-opt: repeat: run 1 failed in a new way:
// CHECK-NEXT: irscope-opt: error: step 2 'builtin.module(irs-test-flaky{op=func.func rate=1})' failed: pass 'irs-test-flaky' signalled failure; report: {{.*}}/failure-1/report.xml
// CHECK-NEXT: irscope-opt: note: run 1 drew with --seed={{[0-9]+}}; its reproducer replays with it
// CHECK-NEXT: irscope-opt: repeat: 1 of 1 runs failed (100.00%, 95% Wilson interval 20.65%-100.00%); stopped at the first failure
// CHECK: exit=1
// RUN: FileCheck %s --check-prefix=XML < %t/repeat.xml
// XML: <runs requested="50" done="1" stopped-early="true"

// rate=0 never fails.
// RUN: irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func rate=0})" --repeat=5 --stop-on-failure --failure-dir=%t.0 2>&1 | FileCheck %s --check-prefix=NEVER
// NEVER: 0 of 5 runs failed

func.func @f() {
  return
}
