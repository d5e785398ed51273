// --step-timeout: a step that runs longer than the limit is killed and
// documented as a timeout (exit 6). The limit applies to each step (the run
// goes step by step), so the steps before the hanging one finish, keep
// their dumps, and the IR that went into the hanging step is rebuilt.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-hang{op=arith.muli},cse)" --step-timeout=0.5 --dump-after-each=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(irs-test-hang{op=arith.muli})' timed out after 0.5 s
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=6

// RUN: ls %t | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: 0000-input.mlir
// FILES-NEXT: 0001-func.func-canonicalize.mlir
// FILES-NEXT: failure-input.mlir
// FILES-NEXT: manifest.xml
// FILES-NEXT: report.xml
// FILES-NEXT: reproducer-full.mlir
// FILES-NEXT: reproducer.mlir
// FILES-EMPTY:

// The step was given at least the 0.5 s it was allowed.
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="timeout" step="2" pass="irs-test-hang" anchor="builtin.module" elapsed-ms="{{(5[0-9][0-9]|[6-9][0-9][0-9]|[0-9]{4,})\.[0-9]+}}" timeout-s="0.5"
// REPORT-NEXT: <message>step 2 'builtin.module(irs-test-hang{op=arith.muli})' timed out after 0.5 s</message>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT: <reproducer file="reproducer.mlir" pipeline="builtin.module(irs-test-hang{op=arith.muli})"/>
// REPORT: <steps count="3" failed="2">
// REPORT-NEXT: <step index="1" pass="canonicalize" anchor="func.func" status="ok"
// REPORT: <step index="2" pass="irs-test-hang" anchor="builtin.module" status="timeout"
// REPORT: <step index="3" pass="cse" anchor="builtin.module" status="not-run">

// RUN: xmllint --noout --schema %schemas/manifest.xsd %t/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/manifest.xml
// MANIFEST: <irscope-manifest version="1" status="timeout">
// MANIFEST: <steps count="3" failed="2">
// MANIFEST-NEXT: <step index="1" pass="canonicalize" anchor="func.func" status="ok" changed="true">
// MANIFEST: <step index="2" pass="irs-test-hang" anchor="builtin.module" status="timeout"
// MANIFEST: <failure report="report.xml"/>

// RUN: diff %t/0001-func.func-canonicalize.mlir %t/failure-input.mlir
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: %0 = arith.muli %arg0, %arg0 : i32
// PRE-NEXT: return %0 : i32

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %e = arith.muli %b, %b : i32
  return %e : i32
}
