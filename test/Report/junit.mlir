// --junit writes one testcase per step: a <failure> for the step that
// failed (message: irscope-opt's error line; type: the step's status; text:
// its diagnostics and the report path), <skipped> for the steps after it.
// The file validates against docs/schema/junit.xsd.

// REQUIRES: xmllint
// RUN: rm -rf %t %t.xml
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-fail{op=arith.muli},symbol-dce)" --failure-dir=%t --junit=%t.xml -o /dev/null 2>/dev/null
// RUN: xmllint --noout --schema %schemas/junit.xsd %t.xml
// RUN: FileCheck %s -DPIPE="builtin.module(func.func(canonicalize),irs-test-fail{op=arith.muli},symbol-dce)" -DDIR=%t < %t.xml
// CHECK: <testsuites name="irscope-opt {{.*}}junit.mlir" tests="3" failures="1" errors="0" skipped="1" time="{{[0-9.]+}}">
// CHECK-NEXT: <testsuite name="[[PIPE]]" tests="3" failures="1" errors="0" skipped="1" time="{{[0-9.]+}}">
// CHECK-NEXT: <testcase name="step 1 builtin.module(func.func(canonicalize))" classname="[[PIPE]]" time="{{[0-9.]+}}"/>
// CHECK-NEXT: <testcase name="step 2 builtin.module(irs-test-fail{op=arith.muli})" classname="[[PIPE]]" time="{{[0-9.]+}}">
// CHECK-NEXT: <failure message="step 2 'builtin.module(irs-test-fail{op=arith.muli})' failed: pass 'irs-test-fail' signalled failure" type="pass-failure">{{.*}}junit.mlir:{{[0-9]+}}:8: error: irs-test-fail: injected failure at 'arith.muli'
// CHECK-NEXT: report: [[DIR]]/report.xml
// CHECK-NEXT: </failure>
// CHECK-NEXT: </testcase>
// CHECK-NEXT: <testcase name="step 3 builtin.module(symbol-dce)" classname="[[PIPE]]" time="0.000000">
// CHECK-NEXT: <skipped message="not run: an earlier step failed"/>
// CHECK-NEXT: </testcase>
// CHECK-NEXT: </testsuite>
// CHECK-NEXT: </testsuites>

// A verifier failure is a failure of type verify-failure; a passing run has
// no failure at all.
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-corrupt{op=arith.muli}))" --failure-dir=%t.v --junit=%t.xml -o /dev/null 2>/dev/null
// RUN: xmllint --noout --schema %schemas/junit.xsd %t.xml
// RUN: FileCheck %s --check-prefix=VERIFY < %t.xml
// VERIFY: <testsuites {{.*}}tests="1" failures="1" errors="0" skipped="0"
// VERIFY: <failure message="step 1 {{.*}}" type="verify-failure">
// RUN: irscope-opt %s --pass-pipeline="builtin.module(cse)" --junit=%t.xml -o /dev/null
// RUN: xmllint --noout --schema %schemas/junit.xsd %t.xml
// RUN: FileCheck %s --check-prefix=OK --implicit-check-not="<failure" < %t.xml
// OK: <testsuites {{.*}}tests="1" failures="0" errors="0" skipped="0"
// OK: <testcase name="step 1 builtin.module(cse)"

func.func @f(%a: i32) -> i32 {
  %b = arith.muli %a, %a : i32
  return %b : i32
}
