// A pass that calls abort(), as report_fatal_error and failed assertions
// do: the step is documented as a crash with SIGABRT (exit 5), with the IR
// that went into it (cse applied, symbol-dce not yet). The full reproducer
// (the untouched input plus the whole pipeline) replays the crash in the
// same step; the local one holds only the failing step.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t %t.full
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli},symbol-dce)" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT
// ERR-NEXT: irscope-opt: note: crashed in {{.+}}
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="2" pass="irs-test-abort" anchor="builtin.module" elapsed-ms="{{[0-9.]+}}" signal="6" signal-name="SIGABRT" peak-rss-kb="{{[0-9]+}}" crash-site="libirscope.so.0+0x{{[0-9a-f]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT</message>
// REPORT-NEXT: <stderr>irscope-opt: fatal signal SIGABRT
// REPORT-NEXT: Stack trace:
// REPORT: </stderr>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(irs-test-abort{op=arith.muli})"/>
// REPORT-NEXT: <full-reproducer file="reproducer-full.mlir" pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli},symbol-dce)"/>
// REPORT: <steps count="3" failed="2">
// REPORT-NEXT: <step index="1" pass="cse" anchor="func.func" status="ok"
// REPORT: <step index="2" pass="irs-test-abort" anchor="builtin.module" status="crash"
// REPORT: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run">

// cse merged the two additions; the unused private function is still there
// because symbol-dce never ran.
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: func.func @f(%arg0: i32) -> i32 {
// PRE-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// PRE-NEXT: %1 = arith.muli %0, %0 : i32
// PRE-NEXT: return %1 : i32
// PRE: func.func private @unused()

// The local reproducer: that IR (one addition) and only the failing step.
// RUN: FileCheck %s --check-prefix=LOCAL < %t/reproducer.mlir
// LOCAL-COUNT-1: "arith.addi"
// LOCAL-NOT: "arith.addi"
// LOCAL: pipeline: "builtin.module(irs-test-abort{op=arith.muli})",

// The full reproducer holds the original input (both additions) and runs
// the whole pipeline: it dies in step 2 again, on the same IR.
// RUN: FileCheck %s --check-prefix=FULL < %t/reproducer-full.mlir
// FULL-COUNT-2: "arith.addi"
// FULL: pipeline: "builtin.module(func.func(cse),irs-test-abort{op=arith.muli},symbol-dce)",
// RUN: sh -c 'irscope-opt --run-reproducer %t/reproducer-full.mlir --failure-dir=%t.full -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAYFULL -DDIR=%t.full --implicit-check-not="irscope-opt: error:"
// REPLAYFULL: irscope-opt: error: step 2 'builtin.module(irs-test-abort{op=arith.muli})' crashed with SIGABRT
// REPLAYFULL: irscope-opt: note: report: [[DIR]]/report.xml
// REPLAYFULL-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// REPLAYFULL-NEXT: exit=5
// RUN: diff %t/failure-input.mlir %t.full/failure-input.mlir

func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  %c = arith.addi %a, %a : i32
  %d = arith.muli %b, %c : i32
  return %d : i32
}
func.func private @unused()
