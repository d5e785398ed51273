// A pass that signals failure in the middle of a pipeline: exit code 1, the
// pass's own diagnostic, then one line naming the step and the pass and
// pointing at report.xml. The failure directory holds a report that
// validates, the IR that went INTO the failing step (canonicalize already
// applied, cse not yet), the IR it left, and a reproducer that runs only the
// failing step and reproduces the same failure.
//
// Exit codes are checked exactly: lit's internal shell has no `$?`, so every
// such command runs under `sh -c '...; echo exit=$?'`.

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  // ERR: pass-failure-report.mlir:[[#@LINE+2]]:8: error: irs-test-fail: injected failure at 'arith.muli'
  // REPLAY: pass-failure-report.mlir:[[#@LINE+1]]:8: error: irs-test-fail: injected failure at 'arith.muli'
  %e = arith.muli %c, %d : i32
  return %e : i32
}

// Uninstrumented run (the whole pipeline in one pass manager; the failing
// step is located afterwards by replay).
// RUN: rm -rf %t && sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-fail{op=arith.muli},cse))" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not=error:
// ERR-NEXT: {{^}}  %e = arith.muli %c, %d : i32{{$}}
// ERR-NEXT: {{^ +\^$}}
// ERR-NEXT: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-fail{op=arith.muli}))' failed: pass 'irs-test-fail' signalled failure; report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// ERR-NEXT: exit=1

// RUN: ls %t | FileCheck %s --check-prefix=FILES
// FILES: failure-input.mlir
// FILES-NEXT: failure-output.mlir
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer.mlir

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <irscope-report version="1">
// REPORT: <pipeline>builtin.module(func.func(canonicalize,irs-test-fail{op=arith.muli},cse))</pipeline>
// REPORT: <failure kind="pass-failure" step="2" pass="irs-test-fail" anchor="func.func" elapsed-ms="{{[0-9.]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(func.func(irs-test-fail{op=arith.muli}))' failed: pass 'irs-test-fail' signalled failure</message>
// REPORT: <artifacts>
// REPORT-NEXT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <post-step-ir file="failure-output.mlir" form="generic"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))"/>
// REPORT-NEXT: </artifacts>
// REPORT-NEXT: <steps count="3" failed="2">
// REPORT-NEXT: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// REPORT: <step index="2" pass="irs-test-fail" anchor="func.func" status="pass-failure" changed="false">
// REPORT: <diagnostic severity="error" location="{{.*}}pass-failure-report.mlir:{{[0-9]+}}:8">
// REPORT-NEXT: <message>irs-test-fail: injected failure at 'arith.muli'</message>
// REPORT: <step index="3" pass="cse" anchor="func.func" status="not-run">
// REPORT-NEXT: <pipeline>builtin.module(func.func(cse))</pipeline>
// REPORT-NEXT: </step>

// What went into step 2: canonicalize folded the constant away, cse has not
// merged the two identical additions yet.
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: func.func @f(%arg0: i32) -> i32 {
// PRE-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// PRE-NEXT: %1 = arith.addi %arg0, %arg0 : i32
// PRE-NEXT: %2 = arith.muli %0, %1 : i32
// PRE-NEXT: return %2 : i32

// The reproducer: the same IR (generic form) plus a pipeline holding only
// the failing step.
// RUN: FileCheck %s --check-prefix=REPRO < %t/reproducer.mlir
// REPRO-NOT: arith.constant
// REPRO: "arith.muli"
// REPRO: {-#
// REPRO-NEXT: external_resources: {
// REPRO-NEXT: mlir_reproducer: {
// REPRO-NEXT: pipeline: "builtin.module(func.func(irs-test-fail{op=arith.muli}))",
// REPRO-NEXT: disable_threading: false,
// REPRO-NEXT: verify_each: true
// REPRO-NEXT: }
// REPRO-NEXT: }
// REPRO-NEXT: #-}

// Replaying the reproducer fails the same way, at the same source location,
// now as step 1 of a one-step pipeline. This replay runs step by step
// (--dump-after-each), so the failure is found without the whole-pipeline
// run, the artefacts join the dumps, and the last good dump is the input.
// RUN: rm -rf %t.rerun && sh -c 'irscope-opt --run-reproducer %t/reproducer.mlir --dump-after-each=%t.rerun -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY -DDIR=%t.rerun --implicit-check-not=error:
// REPLAY-NEXT: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-fail{op=arith.muli}))' failed: pass 'irs-test-fail' signalled failure; report: [[DIR]]/report.xml
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// REPLAY-NEXT: exit=1
// RUN: xmllint --noout --schema %schemas/report.xsd %t.rerun/report.xml
// RUN: FileCheck %s --check-prefix=REPLAYREPORT < %t.rerun/report.xml
// REPLAYREPORT: <failure kind="pass-failure" step="1" pass="irs-test-fail" anchor="func.func"
// REPLAYREPORT: <pre-step-ir file="failure-input.mlir"/>
// REPLAYREPORT-NEXT: <post-step-ir file="failure-output.mlir" form="generic"/>
// REPLAYREPORT-NEXT: <last-good-dump file="0000-input.mlir"/>
// REPLAYREPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))"/>
// The IR going into the failing step is the same both times.
// RUN: diff %t/failure-input.mlir %t.rerun/failure-input.mlir

// Without --failure-dir the artefacts go to a new $TMPDIR/irscope-failure-*
// directory (its exact name is not part of the contract checked here).
// RUN: rm -rf %t.tmp && mkdir %t.tmp && sh -c 'TMPDIR=%t.tmp irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT -DDIR=%t.tmp
// DEFAULT: irscope-opt: error: step 1 {{.*}}; report: [[DIR]]/irscope-failure-[[NAME:[^/]+]]/report.xml
// DEFAULT-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/irscope-failure-[[NAME]]/reproducer.mlir
// DEFAULT-NEXT: exit=1

