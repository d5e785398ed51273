// --verify-with=PIPELINE runs a checking pipeline after every step (after
// the verifier). When it passes, the run is unaffected; when it fails, the
// step is reported as having broken the IR (exit 3, kind verify-failure),
// naming the hook "verify-with(PIPELINE)".
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  // HOOKFAIL: verify-with.mlir:[[#@LINE+1]]:8: error: irs-test-fail: injected failure at 'llvm.add'
  %c = arith.addi %b, %b : i32
  %e = arith.muli %c, %c : i32
  return %e : i32
}
func.func private @dead() { return }

// A checking pipeline made of an irscope pass: irs-op-stats reports after
// each of the two steps (canonicalize, then symbol-dce) and the output is
// the normal one.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),symbol-dce)" --verify-with="builtin.module(irs-op-stats)"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STATS --implicit-check-not=error:
// STATS: verify-with.mlir:0:0: remark: op statistics: 7 operations in 3 dialects
// STATS-NEXT: note: func: 4 (func.func 2, func.return 2)
// STATS-NEXT: note: arith: 2 (arith.addi 1, arith.muli 1)
// STATS-NEXT: note: builtin: 1 (builtin.module 1)
// STATS-NEXT: verify-with.mlir:0:0: remark: op statistics: 5 operations in 3 dialects
// STATS-NEXT: note: arith: 2 (arith.addi 1, arith.muli 1)
// STATS-NEXT: note: func: 2 (func.func 1, func.return 1)
// STATS-NEXT: note: builtin: 1 (builtin.module 1)
// STATS-NEXT: module {
// STATS-NEXT: func.func @f(%arg0: i32) -> i32 {
// STATS-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// STATS-NEXT: %1 = arith.muli %0, %0 : i32
// STATS-NEXT: return %1 : i32
// STATS-NEXT: }
// STATS-NEXT: }
// STATS: exit=0

// A checking pipeline that fails once step 2 has produced an llvm.add.
// Step 1 passes the check; step 2 is blamed, with the hook named.
// RUN: rm -rf %t && sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),convert-arith-to-llvm,symbol-dce)" --verify-with="builtin.module(irs-test-fail{op=llvm.add})" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HOOKFAIL -DDIR=%t --implicit-check-not=error:
// HOOKFAIL-NEXT: {{^}}  %c = arith.addi %b, %b : i32{{$}}
// HOOKFAIL-NEXT: {{^ +\^$}}
// HOOKFAIL-NEXT: irscope-opt: error: step 2 'builtin.module(convert-arith-to-llvm)' broke the IR: verify-with(builtin.module(irs-test-fail{op=llvm.add})) failed after pass 'convert-arith-to-llvm'; report: [[DIR]]/report.xml
// HOOKFAIL-NEXT: irscope-opt: note: replay: irscope-opt --verify-with='builtin.module(irs-test-fail{op=llvm.add})' --run-reproducer [[DIR]]/reproducer.mlir
// HOOKFAIL-NEXT: exit=3
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <settings verify-each="true" threading="true" dump-only-changed="false" verify-with="builtin.module(irs-test-fail{op=llvm.add})"/>
// REPORT: <failure kind="verify-failure" step="2" pass="convert-arith-to-llvm" anchor="builtin.module" hook="verify-with(builtin.module(irs-test-fail{op=llvm.add}))"
// REPORT: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// REPORT: <verifier result="ok"/>
// REPORT-NEXT: <diagnostics/>
// REPORT: <step index="2" pass="convert-arith-to-llvm" anchor="builtin.module" status="verify-failure" changed="true">
// REPORT: <verifier result="ok" failed-hook="verify-with(builtin.module(irs-test-fail{op=llvm.add}))"/>
// REPORT-NEXT: <diagnostics>
// REPORT-NEXT: <diagnostic severity="error" location="{{.*}}verify-with.mlir:{{[0-9]+}}:8">
// REPORT-NEXT: <message>irs-test-fail: injected failure at 'llvm.add'</message>
// REPORT: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run">
// The IR that went into step 2 is what step 1 left, and passed the check.
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: %0 = arith.addi %arg0, %arg0 : i32
// PRE-NOT: llvm.

// A checking pipeline only checks: it runs on the live module (no copy), so
// one that transforms the IR (here symbol-dce deletes @dead) is caught and
// reported as a failed check instead of silently changing the result.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse))" --verify-with="builtin.module(symbol-dce)" --failure-dir=%t.nochange -o %t.nochange.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOCHANGE
// NOCHANGE: {{^}}<unknown>:0: error: <verify-with>: the --verify-with pipeline 'builtin.module(symbol-dce)' changed the IR; it must only check it
// NOCHANGE-NEXT: irscope-opt: error: step 1 'builtin.module(func.func(cse))' broke the IR: verify-with(builtin.module(symbol-dce)) failed after pass 'cse'; report: {{.*}}/report.xml
// NOCHANGE-NEXT: irscope-opt: note: replay: irscope-opt --verify-with='builtin.module(symbol-dce)' --run-reproducer {{.*}}/reproducer.mlir
// NOCHANGE-NEXT: exit=3

// A malformed checking pipeline is a usage error, reported like one in
// --pass-pipeline, with the column in the --verify-with text.
// RUN: sh -c 'irscope-opt %s --canonicalize --verify-with="builtin.module(irs-op-stats"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: irscope-opt: error: in --verify-with: pipeline:1:15: missing ')' closing the pipeline opened here
// SYNTAX-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --canonicalize --verify-with="builtin.module(no-such-pass)"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: irscope-opt: error: in --verify-with: pipeline:1:16: 'no-such-pass' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: exit=2
