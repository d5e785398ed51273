// A real upstream hang (MLIR 22.1.8, from llvm/llvm-project#221152):
// canonicalize never ends on this loop. Folding %true makes the loop
// unreachable while the worklist runs; AddIAddConstant then rewrites the
// loop's arith.addi, whose operand has become its own result, again and
// again, until the greedy driver folds it forever. A step stopped by
// --step-timeout names what it kept doing: of the last MLIR actions the
// worker recorded (in memory its supervisor reads after the kill), those
// that ran more than once on the same op, on the terminal (the most
// frequent) and in report.xml (<repeating-actions>).
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize))" --step-timeout=1 --failure-dir=%t -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR -DDIR=%t
// ERR: irscope-opt: error: step 1 'builtin.module(func.func(canonicalize))' timed out after 1 s
// ERR: irscope-opt: note: timed out repeating applying pattern '(anonymous namespace)::AddIAddConstant' to 'arith.addi' at {{.*}}hang-repeating-pattern.mlir:36:11 ({{[1-9][0-9]*}} of the last {{[1-9][0-9]*}} actions)
// ERR-NEXT: irscope-opt: note: report: [[DIR]]/report.xml
// ERR-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// ERR-NEXT: exit=6

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="timeout" step="1" pass="canonicalize"
// REPORT: <repeating-actions window="{{[1-9][0-9]*}}">
// REPORT-NEXT: <action tag="apply-pattern" name="(anonymous namespace)::AddIAddConstant" op="arith.addi" loc="{{.*}}hang-repeating-pattern.mlir:36:11" times="{{[1-9][0-9]*}}"/>
// REPORT: </repeating-actions>
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
