// opt-reduce's culprit search narrows a verifier failure as irscope-opt
// does: the failing run announces the step, and a second worker, forked
// from opt-reduce (whose heap never ran the step), narrows it with every
// trial forked from it. linalg-detensorize of llvm/llvm-project#102577 on
// two functions corrupts the heap of the run that breaks the IR; the
// culprit is its third pass execution (@func1).
//
// UNSUPPORTED: asan
// RUN: opt-reduce %s --strategies=rename --pass-pipeline='builtin.module(func.func(linalg-detensorize))' -o %t.out 2>&1 | FileCheck %s
// CHECK: opt-reduce: culprit pass execution: pass 'linalg-detensorize' on 'func.func' (#3 of 3 in step 1)
// CHECK-NEXT: opt-reduce: done:
//
// The trials are forked: IRS_TEST_NARROW_HOLD (NarrowHold.c) holds the
// first and has it send SIGINT to opt-reduce, which stops the search (no
// culprit line), still writes its result and exits 0; the held trial dies
// with the narrowing worker.
// RUN: rm -rf %t.hold && mkdir %t.hold
// RUN: sh -c 'IRS_TEST_NARROW_HOLD=%t.hold opt-reduce %s --strategies=rename --pass-pipeline="builtin.module(func.func(linalg-detensorize))" -o %t.held; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HELD --implicit-check-not="opt-reduce: culprit"
// HELD: opt-reduce: done:
// HELD-NEXT: exit=0
// RUN: not ls %t.hold/log
// RUN: sh -c 'ps -o stat= -p $(cat %t.hold/pid) | grep -v Z; true' | count 0
// RUN: FileCheck %s --check-prefix=OUT < %t.held
// OUT-COUNT-2: func.func

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
