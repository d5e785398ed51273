// A pass that dies of SIGSEGV in the middle of a pipeline run without
// instrumentation: the worker dies, irscope-opt survives, exits with 5 and
// prints one line naming the step, its pipeline, the signal and the report.
// The failure directory holds a report that validates, the IR that went
// INTO the crashing step (canonicalize applied, cse not yet), a reproducer
// with only that step and a full reproducer with the whole pipeline; both
// irscope-opt and the reproducer replay the crash.
//
// Exit codes are checked exactly: lit's internal shell has no `$?`, so every
// such command runs under `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t %t.out %t.rerun
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-crash{op=arith.muli},cse))" --failure-dir=%t -o %t.out; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:" < %t.log
// The supervisor's one-line error first, then the crash site and frames
// (the worker's own last words, its crash handler's trace, stay in
// report.xml), then the report.
// ERR: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-crash{op=arith.muli}))' crashed with SIGSEGV
// ERR-NEXT: irscope-opt: note: crashed in {{.+}}
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// Like mlir-opt, -o is not created when the run fails.
// RUN: not ls %t.out

// RUN: ls %t | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: failure-input.mlir
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer-full.mlir
// FILES-NEXT: reproducer.mlir
// FILES-EMPTY:

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <irscope-report version="1">
// The input this run started from has 8 operations, the module included.
// REPORT: <input path="{{.*}}crash-segv.mlir" hash="{{[0-9a-f]+}}" hash-algorithm="fnv1a-64" ops="8"/>
// REPORT-NEXT: <pipeline>builtin.module(func.func(canonicalize,irs-test-crash{op=arith.muli},cse))</pipeline>
// REPORT-NEXT: <settings verify-each="true" threading="true" dump-only-changed="false"/>
// REPORT-NEXT: <failure kind="crash" step="2" pass="irs-test-crash" anchor="func.func" elapsed-ms="{{[0-9.]+}}" signal="11" signal-name="SIGSEGV" peak-rss-kb="{{[0-9]+}}" crash-site="libirscope.so.0+0x{{[0-9a-f]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(func.func(irs-test-crash{op=arith.muli}))' crashed with SIGSEGV</message>
// What the worker printed during the step: the signal and a stack trace.
// REPORT-NEXT: <stderr>irscope-opt: fatal signal SIGSEGV
// REPORT-NEXT: Stack trace:
// REPORT: </stderr>
// The same trace from the faulting frame down, demangled (the pass is a
// hidden function of libirscope, named by offset).
// REPORT-NEXT: <stack-trace>#0 libirscope.so.0+0x{{[0-9a-f]+}} (no symbol)
// REPORT: mlir::PassManager::run(mlir::Operation*)
// REPORT: </stack-trace>
// With llvm-symbolizer, the same from the site on, with the pass's name.
// REPORT-NEXT: <symbolised-trace>#0 runCrash{{[.a-z]*}} at {{.*}}lib/Passes/TestCrash.c:{{[0-9]+$}}
// REPORT: </symbolised-trace>
// The whole-pipeline run announced no step: one stepwise replay died in it.
// REPORT-NEXT: <replay located="in-step" runs="1"/>
// REPORT-NEXT: <action tag="pass-execution" name="irs-test-crash" index="{{[0-9]+}}" op="func.func" loc="{{.*}}crash-segv.mlir:{{[0-9]+}}:1" in-flight="true"/>
// REPORT-NEXT: </failure>
// REPORT-NEXT: <artifacts>
// REPORT-NEXT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))"/>
// REPORT-NEXT: <full-reproducer file="reproducer-full.mlir" pipeline="builtin.module(func.func(canonicalize,irs-test-crash{op=arith.muli},cse))"/>
// REPORT-NEXT: </artifacts>
// REPORT-NEXT: <steps count="3" failed="2">
// REPORT-NEXT: <step index="1" pass="canonicalize" anchor="func.func" status="ok"
// REPORT: <step index="2" pass="irs-test-crash" anchor="func.func" status="crash"
// REPORT-NEXT: <pipeline>builtin.module(func.func(irs-test-crash{op=arith.muli}))</pipeline>
// REPORT: <step index="3" pass="cse" anchor="func.func" status="not-run">
// REPORT-NEXT: <pipeline>builtin.module(func.func(cse))</pipeline>
// REPORT-NEXT: </step>
// REPORT-NEXT: </steps>
// REPORT-NEXT: </irscope-report>

// What went into step 2: canonicalize folded the constant away, cse has not
// merged the two identical additions yet.
// RUN: FileCheck %s --check-prefix=PRE --match-full-lines --strict-whitespace < %t/failure-input.mlir
//      PRE:module {
// PRE-NEXT:  func.func @f(%arg0: i32) -> i32 {
// PRE-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// PRE-NEXT:    %1 = arith.addi %arg0, %arg0 : i32
// PRE-NEXT:    %2 = arith.muli %0, %1 : i32
// PRE-NEXT:    return %2 : i32
// PRE-NEXT:  }
// PRE-NEXT:}

// The reproducer: that IR (generic form, with locations into this file)
// plus a pipeline holding only the crashing step.
// RUN: FileCheck %s --check-prefix=REPRO < %t/reproducer.mlir
// REPRO-NOT: arith.constant
// REPRO: "arith.muli"
// REPRO: loc("{{.*}}crash-segv.mlir":{{[0-9]+}}:8)
// REPRO: {-#
// REPRO-NEXT: external_resources: {
// REPRO-NEXT: mlir_reproducer: {
// REPRO-NEXT: pipeline: "builtin.module(func.func(irs-test-crash{op=arith.muli}))",
// REPRO-NEXT: disable_threading: false,
// REPRO-NEXT: verify_each: true
// REPRO-NEXT: }
// REPRO-NEXT: }
// REPRO-NEXT: #-}

// The full reproducer: the untouched input plus the whole pipeline.
// RUN: FileCheck %s --check-prefix=FULL < %t/reproducer-full.mlir
// FULL: "arith.constant"() <{value = 0 : i32}>
// FULL: "arith.muli"
// FULL: mlir_reproducer: {
// FULL-NEXT: pipeline: "builtin.module(func.func(canonicalize,irs-test-crash{op=arith.muli},cse))",

// Replaying the reproducer crashes the same way, now in step 1 of a one-step
// pipeline, on the same IR.
// RUN: sh -c 'irscope-opt --run-reproducer %t/reproducer.mlir --failure-dir=%t.rerun -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY -DDIR=%t.rerun --implicit-check-not="irscope-opt: error:"
// REPLAY: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-crash{op=arith.muli}))' crashed with SIGSEGV
// REPLAY: irscope-opt: note: report: [[DIR]]/report.xml
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=5
// RUN: diff %t/failure-input.mlir %t.rerun/failure-input.mlir

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
