// A real upstream bug (llvm/llvm-project#102577, MLIR 22.1) that corrupts
// the heap: linalg-detensorize on @func1 leaves a cf.cond_br naming a block
// of another region, which the verifier rejects; with a second function
// (@straight) the freed block is written to later, and mlir-opt prints the
// verifier's error and then dies as its threads exit (SIGABRT or SIGSEGV).
// irscope-opt keeps the verifier failure (exit 3) and narrows it to pass
// execution #3 of 3 (@func1, as --mlir-debug-counter=pass-execution-count
// finds) from a fresh worker whose every trial runs in a fork of its own:
// narrowed in the worker whose step broke the IR, it crashed in its own
// clone of the IR (exit 5). Whether the failing worker then dies freeing
// its run is the heap's choice: a note when it does, not checked here.
//
// Under AddressSanitizer the use after free ends the worker first.
// UNSUPPORTED: asan

// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(linalg-detensorize))" --failure-dir=%t -o /dev/null; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t --implicit-check-not="irscope-opt: error:" < %t.log
// CHECK: upstream-detensorize-heap.mlir:[[#@LINE+27]]:5: error: reference to block defined in another region
// CHECK: irscope-opt: error: step 1 'builtin.module(func.func(linalg-detensorize))' broke the IR: verifier failed after pass 'linalg-detensorize'; report: [[DIR]]/report.xml
// CHECK-NEXT: irscope-opt: note: first pass execution that breaks the IR: #3 of 3 in step 1 'builtin.module(func.func(linalg-detensorize))': pass 'linalg-detensorize' on 'func.func' @func1 at {{.*}}upstream-detensorize-heap.mlir:[[#@LINE+21]]:3
// CHECK: irscope-opt: note: replay: irscope-opt --run-reproducer [[DIR]]/reproducer.mlir
// CHECK-NEXT: exit=3

// RUN: xmllint --noout --schema %schemas/report.xsd %t/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="verify-failure" step="1" pass="linalg-detensorize"
// REPORT: <action tag="pass-execution" name="linalg-detensorize" index="3" of="3" {{.*}}op="func.func"
// REPORT-SAME: before="action-before.mlir" after="action-after.mlir" diff="action.diff" replay="replay-action.sh"
// REPORT-NEXT: <generic-op>{{.*}}sym_name = &quot;func1&quot;
// REPORT: </action>
// REPORT-NEXT: </failure>
// RUN: FileCheck %s --check-prefix=DIFF < %t/action.diff
// DIFF: +++ action-after.mlir
// DIFF: +{{.*}}INVALIDBLOCK

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
