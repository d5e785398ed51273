// Unbounded recursion in a pass: the worker's handler runs on its
// alternate signal stack, names the stack overflow, and the step is
// documented as a crash with SIGSEGV (exit 5). Here the overflow happens in
// the last step, after canonicalize: first on the worker's main thread (a
// pass on builtin.module), then on one of MLIR's pool threads (a pass on
// func.func with threading on), where it must be named the same way.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t %t.rerun %t.pool
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-stack-overflow)" --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(irs-test-stack-overflow)' crashed with SIGSEGV (stack overflow)
// ERR-NEXT: irscope-opt: note: crashed in {{.+}}
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=5

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" step="2" pass="irs-test-stack-overflow" anchor="builtin.module" elapsed-ms="{{[0-9.]+}}" signal="11" signal-name="SIGSEGV" peak-rss-kb="{{[0-9]+}}" crash-site="libirscope.so.0+0x{{[0-9a-f]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(irs-test-stack-overflow)' crashed with SIGSEGV (stack overflow)</message>
// REPORT-NEXT: <stderr>irscope-opt: fatal signal SIGSEGV (stack overflow)
// REPORT-NEXT: Stack trace:
// REPORT: </stderr>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(irs-test-stack-overflow)"/>
// REPORT-NEXT: <full-reproducer file="reproducer-full.mlir" pipeline="builtin.module(canonicalize,irs-test-stack-overflow)"/>
// REPORT: <steps count="2" failed="2">
// REPORT-NEXT: <step index="1" pass="canonicalize" anchor="builtin.module" status="ok"
// REPORT: <step index="2" pass="irs-test-stack-overflow" anchor="builtin.module" status="crash"

// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: func.func @f(%arg0: i32) -> i32 {
// PRE-NEXT: return %arg0 : i32
// PRE: func.func @g(%arg0: i32) -> i32 {
// PRE-NEXT: %0 = arith.muli %arg0, %arg0 : i32

// RUN: FileCheck %s --check-prefix=REPRO < %t/reproducer.mlir
// REPRO: pipeline: "builtin.module(irs-test-stack-overflow)",
// RUN: sh -c 'irscope-opt --run-reproducer %t/reproducer.mlir --failure-dir=%t.rerun -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY -DDIR=%t.rerun --implicit-check-not="irscope-opt: error:"
// REPLAY: irscope-opt: error: step 1 'builtin.module(irs-test-stack-overflow)' crashed with SIGSEGV (stack overflow)
// REPLAY: irscope-opt: note: report: [[DIR]]/report.xml
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=5

// On a pool thread (the functions run in parallel; @g overflows).
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-stack-overflow{op=arith.muli}))" --failure-dir=%t.pool -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=POOL -DDIR=%t.pool --implicit-check-not="irscope-opt: error:"
// POOL: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-stack-overflow{op=arith.muli}))' crashed with SIGSEGV (stack overflow)
// POOL-NEXT: irscope-opt: note: crashed in {{.+}}
// POOL: irscope-opt: note: report: [[DIR]]/report.xml
// POOL-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// POOL-NEXT: exit=5
// RUN: FileCheck %s --check-prefix=POOLREPORT < %t.pool/report.xml
// POOLREPORT: <failure kind="crash" step="2" pass="irs-test-stack-overflow" anchor="func.func" {{.*}}signal-name="SIGSEGV"
// POOLREPORT-NEXT: <message>step 2 'builtin.module(func.func(irs-test-stack-overflow{op=arith.muli}))' crashed with SIGSEGV (stack overflow)</message>
// POOLREPORT-NEXT: <stderr>irscope-opt: fatal signal SIGSEGV (stack overflow)

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
func.func @g(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.muli %b, %b : i32
  return %c : i32
}
