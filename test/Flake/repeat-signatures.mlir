// Distinct failure signatures are counted separately and each keeps the
// artefacts of its first occurrence: a flaky pass failure in step 1 and a
// flaky crash (SIGSEGV, documented by the supervisor's replays) in step 3.
// Seeded, so the sequence of outcomes is fixed; step by step
// (--repeat-stepwise), so each failure is in its step in the run itself.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func rate=0.3},cse,irs-test-flaky{op=func.func rate=0.3 mode=crash})" --repeat=40 --repeat-stepwise --seed=3 --failure-dir=%t; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t < %t.log
// CHECK-DAG: irscope-opt: error: step 1 'builtin.module(irs-test-flaky{op=func.func rate=0.3})' failed: pass 'irs-test-flaky' signalled failure; report: [[DIR]]/failure-{{[12]}}/report.xml
// CHECK-DAG: irscope-opt: error: step 3 'builtin.module(irs-test-flaky{op=func.func rate=0.3 mode=crash})' crashed with SIGSEGV
// CHECK-DAG: irscope-opt: note: report: [[DIR]]/failure-{{[12]}}/report.xml
// CHECK: irscope-opt: repeat: {{[0-9]+}} of 40 runs failed
// CHECK-NEXT: irscope-opt: repeat:   step 1 {{.*}}: {{[1-9][0-9]*}} failed
// CHECK-NEXT: irscope-opt: repeat:   step 3 {{.*}}: {{[1-9][0-9]*}} failed
// CHECK-DAG: irscope-opt: repeat:   signature {{[12]}}: pass-failure in step 1 (irs-test-flaky)
// CHECK-DAG: irscope-opt: repeat:   signature {{[12]}}: crash SIGSEGV {{(at .+ )?}}in step 3 (irs-test-flaky)
// The worst outcome seen: a crash.
// CHECK: exit=5

// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/repeat.xml
// RUN: FileCheck %s --check-prefix=XML < %t/repeat.xml
// XML: <signatures count="2">
// XML-DAG: kind="crash" signal="11" signal-name="SIGSEGV" step="3" pass="irs-test-flaky"
// XML-DAG: kind="pass-failure" step="1" pass="irs-test-flaky"

// Both artefact sets validate; the crash's pre-step IR is the IR after cse.
// RUN: xmllint --noout --schema %schemas/report.xsd %t/failure-1/report.xml %t/failure-2/report.xml
// RUN: cat %t/failure-1/report.xml %t/failure-2/report.xml | FileCheck %s --check-prefix=REPORTS
// REPORTS-DAG: <failure kind="pass-failure" step="1"
// REPORTS-DAG: <failure kind="crash" step="3"
// RUN: ls %t/failure-1 %t/failure-2 | FileCheck %s --check-prefix=FILES
// FILES-DAG: reproducer-full.mlir
// FILES-DAG: failure-output.mlir

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
