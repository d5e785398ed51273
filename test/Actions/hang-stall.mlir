// A real upstream hang (MLIR 22.1.8, from llvm/llvm-project#221152):
// canonicalize never ends on this loop. Folding %true makes the loop
// unreachable while the worklist runs; after its last rewrite
// (AddIAddConstant on the loop's arith.addi, whose operand has become its
// own result) the greedy driver folds that arith.addi forever, and no MLIR
// action begins again: upstream mlir-opt's --log-actions-to stops growing,
// and its --mlir-debug-counter=apply-pattern-count=K hangs from the K of
// that last rewrite on. The supervisor samples the count of actions the
// worker records (in memory it reads after the kill): a step stopped by
// --step-timeout that began none in its last 500 ms or more repeats none,
// and is named by the action in flight (the pass) and the last one begun,
// with its number, on the terminal and in report.xml (<stall>; no
// <repeating-actions>).
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize))" --step-timeout=2 --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t
// ERR: irscope-opt: error: step 1 'builtin.module(func.func(canonicalize))' timed out after 2 s
// ERR: irscope-opt: note: timed out while running pass 'canonicalize' on 'func.func' at {{.*}}hang-stall.mlir:34:1: no action began in its last {{0\.[5-9]|1\.[0-9]|2\.0}} s; the last was applying pattern '(anonymous namespace)::AddIAddConstant' to 'arith.addi' at {{.*}}hang-stall.mlir:41:11 (#{{[1-9][0-9]*}})
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=6

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="timeout" step="1" pass="canonicalize"
// REPORT: <action tag="pass-execution" name="canonicalize" index="{{[0-9]+}}" op="func.func" loc="{{.*}}hang-stall.mlir:{{[0-9]+}}:1" in-flight="true"/>
// REPORT-NEXT: <stall ms="{{[5-9][0-9][0-9]|1[0-9][0-9][0-9]|20[0-9][0-9]}}">
// REPORT-NEXT: <action tag="apply-pattern" name="(anonymous namespace)::AddIAddConstant" index="{{[1-9][0-9]*}}" op="arith.addi" loc="{{.*}}hang-stall.mlir:{{[0-9]+}}:11"/>
// REPORT-NEXT: </stall>
// REPORT-NEXT: </failure>

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
