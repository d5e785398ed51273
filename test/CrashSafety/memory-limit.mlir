// --memory-limit: a worker whose resident memory goes over the limit is
// killed and the step documented as memory-limit (exit 7), with the limit
// and the peak seen in the report.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-oom,cse)" --memory-limit=100M --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// ERR: irscope-opt: error: step 2 'builtin.module(irs-test-oom)' exceeded the memory limit of 104857600 bytes
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=7

// The peak seen is over the limit (104857600 bytes = 102400 KiB).
// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="memory-limit" step="2" pass="irs-test-oom" anchor="builtin.module" elapsed-ms="{{[0-9.]+}}" memory-limit-bytes="104857600" peak-rss-kb="{{10[2-9][0-9][0-9][0-9]|1[1-9][0-9][0-9][0-9][0-9]|[2-9][0-9][0-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9][0-9][0-9]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(irs-test-oom)' exceeded the memory limit of 104857600 bytes</message>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(irs-test-oom)"/>
// REPORT: <steps count="3" failed="2">
// REPORT: <step index="2" pass="irs-test-oom" anchor="builtin.module" status="memory-limit"

// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: func.func @f(%arg0: i32) -> i32 {
// PRE-NEXT: return %arg0 : i32

// A step that goes over the limit and is done within a few milliseconds,
// before any 50 ms sample (irs-test-oom{mb=N} maps N MiB at once and
// releases them): the peak the worker reports with the step's end is over
// the limit, so the step is documented just the same, with the same exit
// code, report and pre-step IR, and the step after it never runs.
// RUN: rm -rf %t.q
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-oom{mb=160},cse)" --memory-limit=100M --failure-dir=%t.q -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUICK -DDIR=%t.q --implicit-check-not="irscope-opt: error:"
// QUICK: irscope-opt: error: step 2 'builtin.module(irs-test-oom{mb=160})' exceeded the memory limit of 104857600 bytes
// QUICK-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// QUICK-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// QUICK-NEXT: exit=7
// RUN: xmllint --noout --schema %schemas/report.xsd %t.q/report.xml
// RUN: FileCheck %s --check-prefix=QREPORT < %t.q/report.xml
// QREPORT: <failure kind="memory-limit" step="2" pass="irs-test-oom" anchor="builtin.module" elapsed-ms="{{[0-9.]+}}" memory-limit-bytes="104857600" peak-rss-kb="{{10[2-9][0-9][0-9][0-9]|1[1-9][0-9][0-9][0-9][0-9]|[2-9][0-9][0-9][0-9][0-9][0-9]|[1-9][0-9][0-9][0-9][0-9][0-9][0-9]+}}">
// QREPORT: <pre-step-ir file="failure-input.mlir"/>
// QREPORT: <step index="2" pass="irs-test-oom" anchor="builtin.module" status="memory-limit"
// QREPORT: <step index="3" pass="cse" anchor="builtin.module" status="not-run"
// RUN: FileCheck %s --check-prefix=PRE < %t.q/failure-input.mlir

// Under a limit it stays below, the same spike is no failure.
// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-oom{mb=160},cse)" --memory-limit=4G | FileCheck %s --check-prefix=OK
// OK: func.func @f(%arg0: i32) -> i32 {

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
