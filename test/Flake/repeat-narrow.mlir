// --repeat narrows a new signature's verifier failure as a single run does:
// in a fresh worker forked from irscope-opt, which never runs a pass, each
// trial forked from it (the failing run's child may have a corrupted heap:
// linalg-detensorize of llvm/llvm-project#102577 on two functions writes to
// a freed block). Its note follows the failure's line, report.xml gets the
// <action> and the files around it, in the signature's directory.
//
// UNSUPPORTED: asan
// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --repeat=2 --seed=1 --failure-dir=%t --pass-pipeline="builtin.module(func.func(linalg-detensorize))"; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t < %t.log
// CHECK: irscope-opt: repeat: run 1 failed in a new way:
// CHECK-NEXT: irscope-opt: error: step 1 'builtin.module(func.func(linalg-detensorize))' broke the IR: verifier failed after pass 'linalg-detensorize'; report: [[DIR]]/failure-1/report.xml
// CHECK-NEXT: irscope-opt: note: first pass execution that breaks the IR: #3 of 3 in step 1 'builtin.module(func.func(linalg-detensorize))': pass 'linalg-detensorize' on 'func.func' @func1 at {{.*}}repeat-narrow.mlir:{{[0-9]+}}:3
// CHECK-NEXT: irscope-opt: note: run 1 drew with --seed={{[0-9]+}}; its reproducer replays with it
// CHECK: irscope-opt: repeat:   signature 1: verify-failure in step 1 (linalg-detensorize), 2 runs
// CHECK: exit=3
// RUN: xmllint --noout --schema %schemas/report.xsd %t/failure-1/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/failure-1/report.xml
// REPORT: <action tag="pass-execution" name="linalg-detensorize" index="3" of="3" {{.*}}replay="replay-action.sh">
// RUN: ls %t/failure-1 | FileCheck %s --check-prefix=FILES
// FILES: action-after.mlir
// FILES: action-before.mlir
// FILES: action.diff
// FILES: replay-action.sh

module {
  func.func @straight(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    return %0 : i32
  }
  func.func private @func1() {
    %true_20 = arith.constant true
    cf.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb2
    cf.cond_br %true_20, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    cf.br ^bb1
  ^bb3:  // pred: ^bb1
    return
  }
}
