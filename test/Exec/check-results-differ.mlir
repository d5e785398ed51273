// --check-results: step 3 of 5 turns additions of @add into subtractions.
// The bisection names it (reference, last step, then halving, then the two
// confirmations), documents it as a wrong-result failure (exit 9) with
// both results, the IR around the step and a script that shows the
// difference with mlir-opt and mlir-runner; the dump's manifest, JUnit and
// the trace mark the step.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,cse,irs-test-miscompile{func=add},canonicalize,symbol-dce)" --check-results --dump-after-each=%t/d --junit=%t/j.xml --trace=%t/t.json -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t/d --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 3 'builtin.module(irs-test-miscompile{func=add})' changed the results of '@main': line 2 was '42', is now '38'; report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: found with {{[4-6]}} executions
// ERR-NEXT: exit=9

// RUN: ls %t/d | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES: actual-output.txt
// FILES-NEXT: expected-output.txt
// FILES-NEXT: failure-input.mlir
// FILES-NEXT: failure-output.mlir
// FILES-NEXT: manifest.xml
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer.mlir
// FILES-NEXT: reproducer.sh

// RUN: xmllint --noout --schema %schemas/report.xsd %t/d/report.xml
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/d/manifest.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/d/report.xml
// REPORT: <failure kind="wrong-result" step="3" pass="irs-test-miscompile" anchor="builtin.module"
// REPORT: <results entry="main" executions="{{[4-6]}}" first-difference-line="2">
// REPORT-NEXT: <expected outcome="ok">first
// REPORT-NEXT: 42
// REPORT-NEXT: 42
// REPORT-NEXT: </expected>
// REPORT-NEXT: <actual outcome="ok">first
// REPORT-NEXT: 38
// REPORT-NEXT: 38
// REPORT-NEXT: </actual>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <post-step-ir file="failure-output.mlir" form="custom"/>
// REPORT-NEXT: <expected-output file="expected-output.txt"/>
// REPORT-NEXT: <actual-output file="actual-output.txt"/>
// REPORT-NEXT: <run-reproducer file="reproducer.sh"/>
// REPORT: <step index="2" pass="cse" anchor="builtin.module" status="ok">
// REPORT: <step index="3" pass="irs-test-miscompile" anchor="builtin.module" status="wrong-result">
// REPORT: <step index="4" pass="canonicalize" anchor="builtin.module" status="ok">

// The IR around the step: arith.addi before, arith.subi after.
// RUN: FileCheck %s --check-prefix=PRE < %t/d/failure-input.mlir
// PRE: arith.addi
// RUN: FileCheck %s --check-prefix=POST < %t/d/failure-output.mlir
// POST: arith.subi

// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="wrong-result">
// MANIFEST: <steps count="5" failed="3">
// MANIFEST: <step index="3" pass="irs-test-miscompile" anchor="builtin.module" status="wrong-result"
// MANIFEST: <failure report="report.xml"/>

// JUnit: the step fails with both outputs side by side, then the report.
// RUN: FileCheck %s --check-prefix=JUNIT -DDIR=%t/d < %t/j.xml
// JUNIT: <testcase name="step 3 builtin.module(irs-test-miscompile{func=add})"
// JUNIT-NEXT: <failure message="step 3 {{.*}} changed the results of {{.*}}" type="wrong-result">expected   actual
// JUNIT-NEXT: first    | first
// JUNIT-NEXT: 42       ! 38
// JUNIT-NEXT: 42       ! 38
// JUNIT-NEXT: report: [[DIR]]/report.xml
// JUNIT-NEXT: </failure>
// RUN: FileCheck %s --check-prefix=TRACE < %t/t.json
// TRACE: "index": 3, "pipeline": "builtin.module(irs-test-miscompile{func=add})", "status": "wrong-result"

// The explorer page shows the step as failed (a step failure, as the
// outcome table says, not a crash), both results side by side.
// RUN: irscope-report %t/d -o %t/page.html
// RUN: FileCheck %s --check-prefix=PAGE < %t/page.html
// PAGE: Step 3 (irs-test-miscompile on builtin.module) failed: wrong-result
// PAGE: <table class="results" id="results">
// PAGE: <th>expected</th>
// PAGE: <th>actual</th>
// PAGE: <td><pre>first
// PAGE-NEXT: 42
// PAGE: <td><pre>first
// PAGE-NEXT: 38
// PAGE: <a class="bar status-failed failing-step" href="#step-3" data-step="3" data-status="failed"

// The script reproduces the difference with upstream tools (the step, an
// irscope pass, runs in irscope-opt).
// RUN: sh %t/d/reproducer.sh 2>&1 | FileCheck %s --check-prefix=REPRO
// REPRO: --- before the step (expected):
// REPRO-NEXT: first
// REPRO-NEXT: 42
// REPRO-NEXT: 42
// REPRO-NEXT: --- after the step (actual):
// REPRO-NEXT: first
// REPRO-NEXT: 38
// REPRO-NEXT: 38

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  vector.print str "first\n"
  %r = call @add(%c40, %c2) : (i32, i32) -> i32
  vector.print %r : i32
  %m = arith.muli %r, %c2 : i32
  %h = arith.divsi %m, %c2 : i32
  vector.print %h : i32
  return
}
