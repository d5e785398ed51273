// A pass that reports success but leaves invalid IR behind: the verifier
// run after the step catches it. Exit code 3, the verifier's diagnostics,
// then one line naming the step and the pass that broke the IR. The IR the
// step left is written in generic form (it may not print in custom form),
// the report says kind="verify-failure", and the reproducer replays the
// verifier failure.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'` (lit's
// internal shell has no `$?`).

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  // ERR: verify-failure-report.mlir:[[#@LINE+2]]:8: error: operand #0 does not dominate this use
  // REPLAY: verify-failure-report.mlir:[[#@LINE+1]]:8: error: operand #0 does not dominate this use
  %e = arith.muli %c, %c : i32
  return %e : i32
}

// RUN: rm -rf %t && sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-corrupt{op=arith.muli},cse))" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not=error:
// ERR-NEXT: {{^}}  %e = arith.muli %c, %c : i32{{$}}
// ERR-NEXT: {{^ +\^$}}
// ERR-NEXT: note: see current operation: %1 = "builtin.unrealized_conversion_cast"(%2) : (i32) -> i32
// ERR-NEXT: note: operand defined here (op in the same block)
// ERR-NEXT: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-corrupt{op=arith.muli}))' broke the IR: verifier failed after pass 'irs-test-corrupt'; report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// ERR-NEXT: exit=3

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="verify-failure" step="2" pass="irs-test-corrupt" anchor="func.func" hook="verifier" elapsed-ms="{{[0-9.]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(func.func(irs-test-corrupt{op=arith.muli}))' broke the IR: verifier failed after pass 'irs-test-corrupt'</message>
// REPORT: <post-step-ir file="failure-output.mlir" form="generic"/>
// REPORT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(irs-test-corrupt{op=arith.muli}))"/>
// REPORT: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// REPORT: <step index="2" pass="irs-test-corrupt" anchor="func.func" status="verify-failure" changed="true">
// REPORT: <dump skipped="failed"/>
// REPORT: <verifier result="failed" failed-hook="verifier"/>
// REPORT-NEXT: <diagnostics>
// REPORT-NEXT: <diagnostic severity="error" location="{{.*}}verify-failure-report.mlir:{{[0-9]+}}:8">
// REPORT-NEXT: <message>operand #0 does not dominate this use</message>
// REPORT: <step index="3" pass="cse" anchor="func.func" status="not-run">

// The broken IR, in generic form: the cast uses %2 before its definition.
// RUN: FileCheck %s --check-prefix=POST < %t/failure-output.mlir
// POST: "builtin.module"() ({
// POST: "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
// POST: %0 = "arith.addi"(%arg0, %arg0)
// POST-NEXT: %1 = "builtin.unrealized_conversion_cast"(%2) : (i32) -> i32
// POST-NEXT: %2 = "arith.muli"(%0, %0)
// POST-NEXT: "func.return"(%2) : (i32) -> ()

// The IR that went into the step is valid and printed normally.
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: func.func @f(%arg0: i32) -> i32 {
// PRE-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// PRE-NEXT: %1 = arith.muli %0, %0 : i32

// The reproducer keeps verify_each so that the replay hits the verifier.
// RUN: FileCheck %s --check-prefix=REPRO < %t/reproducer.mlir
// REPRO: pipeline: "builtin.module(func.func(irs-test-corrupt{op=arith.muli}))",
// REPRO-NEXT: disable_threading: false,
// REPRO-NEXT: verify_each: true
// RUN: rm -rf %t.rerun && sh -c 'irscope-opt --run-reproducer %t/reproducer.mlir --failure-dir=%t.rerun -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY --implicit-check-not=error:
// REPLAY: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-corrupt{op=arith.muli}))' broke the IR: verifier failed after pass 'irs-test-corrupt'
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=3

// With --dump-after-each the manifest records the verifier failure, the
// dumps of the steps before it are kept, none is written for the failed
// step or the steps after it, and the failure artefacts join the dumps.
// RUN: rm -rf %t.d && sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse,irs-test-corrupt{op=arith.muli},canonicalize))" --dump-after-each=%t.d -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMPERR -DDIR=%t.d
// DUMPERR: irscope-opt: error: step 3 'builtin.module(func.func(irs-test-corrupt{op=arith.muli}))' broke the IR: verifier failed after pass 'irs-test-corrupt'; report: [[DIR]]/report.xml
// DUMPERR-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// DUMPERR-NEXT: exit=3
// RUN: ls %t.d | FileCheck %s --check-prefix=FILES
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: 0002-func.func-cse.mlir
// FILES-NEXT: failure-input.mlir
// FILES-NEXT: failure-output.mlir
// FILES-NEXT: manifest.xml
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer.mlir
// FILES-EMPTY:
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t.d/manifest.xml
// RUN: xmllint --noout --schema %schemas/report.xsd %t.d/report.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.d/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="verify-failure">
// MANIFEST: <steps count="4" failed="3">
// MANIFEST: <step index="2" pass="cse" anchor="func.func" status="ok"
// MANIFEST-NEXT: <pipeline>
// MANIFEST-NEXT: <dump file="0002-func.func-cse.mlir"{{( hash="[0-9a-f]{16}")?}}/>
// MANIFEST: <step index="3" pass="irs-test-corrupt" anchor="func.func" status="verify-failure" changed="true">
// MANIFEST: <dump skipped="failed"/>
// MANIFEST: <verifier result="failed" failed-hook="verifier"/>
// MANIFEST: <step index="4" pass="canonicalize" anchor="func.func" status="not-run">
// MANIFEST: </steps>
// MANIFEST-NEXT: <failure report="report.xml"/>
// MANIFEST-NEXT: </irscope-manifest>
// RUN: FileCheck %s --check-prefix=LASTGOOD < %t.d/report.xml
// LASTGOOD: <last-good-dump file="0002-func.func-cse.mlir"/>
