// A real upstream hang (MLIR 22.1.8): -canonicalize never terminates on this
// cf loop. Folding the constant branch condition cuts the loop's entry edge,
// ^latch becomes the only predecessor of ^header, and merging the two blocks
// substitutes %iv by %next, which is defined from %iv: the result,
// %next = arith.addi %next, %c1, refers to itself and the greedy driver
// keeps folding it forever. With --step-timeout irscope-opt kills the step
// and documents it as a timeout (exit 6) with the IR that went into it, and
// with where the step was when stopped: a sample of the loop, so the exact
// frame varies (often a hidden function of libMLIR, named by offset and by
// its nearest named caller), and is under the greedy driver, except for a
// sample that lands in one of libMLIR's PLT stubs: there is no unwind
// information there, so the trace ends at the site (`hung in
// libMLIR.so.22.1+0x646a810`, no frames below it). The ERR lines are
// checked with the frame lines taken out, FRAMES what follows the site.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse,func.func(canonicalize),symbol-dce)" --step-timeout=1 --failure-dir=%t -o /dev/null; echo exit=$?' > %t.log 2>&1
// RUN: sed '/^  #[1-4] /d' %t.log | FileCheck %s --check-prefix=ERR -DDIR=%t --implicit-check-not="irscope-opt: error:"
// RUN: FileCheck %s --check-prefix=FRAMES < %t.log
// ERR: irscope-opt: error: step 2 'builtin.module(func.func(canonicalize))' timed out after 1 s
// ERR-NEXT: irscope-opt: note: hung in {{.+}}
// ERR: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=6
// FRAMES: irscope-opt: note: hung in {{.+}}
// FRAMES-NEXT: {{^(  #1 .+|irscope-opt: note: .+)$}}

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="timeout" step="2" pass="canonicalize" anchor="func.func" elapsed-ms="{{[0-9.]+}}" timeout-s="1"{{.*}} hang-site="{{[^"]+}}">
// REPORT-NEXT: <message>step 2 'builtin.module(func.func(canonicalize))' timed out after 1 s</message>
// REPORT: <stack-trace>#0
// REPORT: </stack-trace>
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(canonicalize))"/>
// REPORT: <step index="1" pass="cse" anchor="builtin.module" status="ok"
// REPORT: <step index="2" pass="canonicalize" anchor="func.func" status="timeout"
// REPORT: <step index="3" pass="symbol-dce" anchor="builtin.module" status="not-run">

// cse merged the two constants 1; the loop is intact.
// RUN: FileCheck %s --check-prefix=PRE < %t/failure-input.mlir
// PRE: %c1_i32 = arith.constant 1 : i32
// PRE-NOT: arith.constant 1 : i32
// PRE: cf.cond_br %true, ^bb3, ^bb1(%c1_i32 : i32)
// PRE-NEXT: ^bb1(%0: i32):
// PRE: %1 = arith.addi %0, %c1_i32 : i32
// PRE-NEXT: cf.br ^bb1(%1 : i32)

// RUN: FileCheck %s --check-prefix=REPRO < %t/reproducer.mlir
// REPRO: "cf.cond_br"
// REPRO: pipeline: "builtin.module(func.func(canonicalize))",

func.func @f(%c: i1) {
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i32
  %true = arith.constant true
  cf.cond_br %true, ^exit, ^header(%c1 : i32)
^header(%iv: i32):
  cf.cond_br %c, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %one : i32
  cf.br ^header(%next : i32)
^exit:
  return
}
