// A hang through --tool names what it was doing, through any MlirOptMain
// tool: the real canonicalize hang of test/Actions/hang-stall.mlir (after
// its last rewrite, AddIAddConstant on an arith.addi that became its own
// operand in an unreachable block, the greedy driver folds that op
// forever and begins no action) through fir-opt, which registers these
// dialects too (mlir-opt: test/Tool/hang.mlir). A log that stopped growing
// is a stall: the pass in flight and the last action it began. The step, once timed out, is run once more
// single-threaded with the tool's action log (--log-actions-to=-) on its
// stderr until it times out again; LLVM flushes the log before the stack
// dump it prints on SIGQUIT, and the supervisor keeps the log's tail. A
// tool without the flag leaves the answer at the step, with a note. (The
// step timeout includes starting the tool, slow on a loaded machine.)
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// REQUIRES: fir-opt

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt --tool=%fir_opt %s --pass-pipeline="builtin.module(func.func(canonicalize))" --step-timeout=8 --failure-dir=%t/f -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIR -DDIR=%t/f
// FIR: irscope-opt: error: step 1 'builtin.module(func.func(canonicalize))' timed out after 8 s
// FIR: irscope-opt: note: timed out while running pass 'canonicalize' on 'func.func' at {{.*}}hang-actions.mlir:41:1: no action began in its last {{[0-9.]+}} s; the last was applying pattern '(anonymous namespace)::AddIAddConstant' to 'arith.addi' at {{.*}}hang-actions.mlir:48:11 (#{{[1-9][0-9]*}})
// FIR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// FIR: exit=6
// RUN: xmllint --noout --schema %schemas/report.xsd %t/f/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/f/report.xml
// REPORT: <failure kind="timeout" step="1" pass="canonicalize"
// REPORT: <action tag="pass-execution" name="canonicalize" index="{{[0-9]+}}" op="func.func" loc="{{.*}}hang-actions.mlir:41:1" in-flight="true"/>
// REPORT-NEXT: <stall ms="{{[0-9]+}}">
// REPORT-NEXT: <action tag="apply-pattern" name="(anonymous namespace)::AddIAddConstant" index="{{[1-9][0-9]*}}" op="arith.addi" loc="{{.*}}hang-actions.mlir:48:11"/>
// REPORT-NEXT: </stall>
// REPORT-NEXT: </failure>

// RUN: printf '#!/bin/sh\nfor a in "$@"; do case "$a" in --log-actions-to=*|--mlir-debug-counter=*) echo "tool: Unknown command line argument %%s." "$a" >&2; exit 1;; esac; done\nexec %mlir_opt "$@"\n' > %t/tool && chmod +x %t/tool
// RUN: sh -c 'irscope-opt --tool=%t/tool %s --pass-pipeline="builtin.module(func.func(canonicalize))" --step-timeout=3 --failure-dir=%t/n -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFLAGS -DT=%t/tool --implicit-check-not="timed out repeating"
// NOFLAGS: irscope-opt: error: step 1 'builtin.module(func.func(canonicalize))' timed out after 3 s
// NOFLAGS: irscope-opt: note: step 1 not narrowed to one action: '[[T]]' has no --log-actions-to and --mlir-debug-counter (no MlirOptMain tool)
// NOFLAGS: exit=6

func.func @loop(%cond: i1, %init: i32) {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  cf.cond_br %true, ^exit, ^header(%init : i32)
^header(%iv: i32):
  cf.cond_br %cond, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return
}
