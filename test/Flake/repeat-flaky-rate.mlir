// --repeat=200 --repeat-stepwise over a pipeline whose second step fails
// in 5% of runs (no --seed: the repeat draws its master seed afresh): the
// failure is found, attributed to step 2 in the run itself, with one
// signature, its artefacts are kept,
// the rate and its 95% Wilson interval are printed and written to
// repeat.xml, and the exit code is the worst outcome seen (1: pass
// failure). Without a seed the count varies; 0 of 200 at 5% has
// probability 3.5e-5 and more than 40 is rarer still, so the bounds below
// do not make the test flaky. The seeded variant (repeat-seed.mlir) checks
// the interval itself.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-flaky{op=func.func rate=0.05},cse)" --repeat=200 --repeat-stepwise --failure-dir=%t; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t < %t.log
// CHECK: irscope-opt: repeat: run {{[0-9]+}} failed in a new way:
// CHECK-NEXT: irscope-opt: error: step 2 'builtin.module(irs-test-flaky{op=func.func rate=0.05})' failed: pass 'irs-test-flaky' signalled failure; report: [[DIR]]/failure-1/report.xml
// CHECK: irscope-opt: repeat: {{([1-9]|[1-3][0-9]|40)}} of 200 runs failed ({{[0-9.]+}}%, 95% Wilson interval {{[0-9.]+}}%-{{[0-9.]+}}%)
// CHECK-NEXT: irscope-opt: repeat:   step 2 'builtin.module(irs-test-flaky{op=func.func rate=0.05})': {{[0-9]+}} failed
// CHECK-NEXT: irscope-opt: repeat:   signature 1: pass-failure in step 2 (irs-test-flaky), {{[0-9]+}} runs, first in run {{[0-9]+}}: 'irs-test-flaky: injected flaky failure at 'func.func''; artefacts: [[DIR]]/failure-1
// CHECK-NEXT: irscope-opt: repeat: summary: [[DIR]]/repeat.xml
// CHECK-NEXT: exit=1

// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/repeat.xml
// RUN: FileCheck %s --check-prefix=XML < %t/repeat.xml
// XML: <runs requested="200" done="200" stopped-early="false" interrupted="false" threading="true" verify-each="true" max-threads="{{[0-9]+}}" mean-run-ms="{{[0-9.]+}}" seed="{{[0-9]+}}" seed-drawn="true"/>
// XML-NEXT: <failure-rate failures="{{[0-9]+}}" rate="0.{{[0-9]+}}" ci-low="0.{{[0-9]+}}" ci-high="0.{{[0-9]+}}" confidence="0.95" method="wilson"/>
// XML-NEXT: <steps count="3">
// XML-NEXT: <step index="1" pass="canonicalize" anchor="builtin.module" failures="0" rate="0.000000" ci-low="0.000000" ci-high="0.018845"/>
// XML-NEXT: <step index="2" pass="irs-test-flaky" anchor="builtin.module" failures="{{[1-9][0-9]*}}"
// XML-NEXT: <kind name="pass-failure" count="{{[1-9][0-9]*}}"/>
// XML: <signatures count="1">
// XML-NEXT: <signature id="1" kind="pass-failure" step="2" pass="irs-test-flaky" count="{{[0-9]+}}" first-run="{{[0-9]+}}" run-seed="{{[0-9]+}}" artifacts="{{.*}}/failure-1">
// XML-NEXT: <message>irs-test-flaky: injected flaky failure at 'func.func'</message>

// The first failure's artefacts, as a single failing run writes them; the
// scratch directories of later runs with the same signature are gone.
// RUN: ls -A %t %t/failure-1 | FileCheck %s --check-prefix=FILES
// FILES: failure-1
// FILES-NEXT: repeat.xml
// FILES: failure-input.mlir
// FILES-NEXT: failure-output.mlir
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer.mlir
// RUN: xmllint --noout --schema %schemas/report.xsd %t/failure-1/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/failure-1/report.xml
// REPORT: <failure kind="pass-failure" step="2" pass="irs-test-flaky"

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %b : i32
  return %1 : i32
}
