// --check-determinism with --verify-each=0: a step that leaves IR which does
// not verify (linalg-detensorize of llvm/llvm-project#102577: a cf.cond_br
// naming a block of another region) cannot be copied for the next step's
// two runs (freeing a copy with that reference corrupts the heap, and the
// next copy died in irscope-opt's own Region::cloneInto). The check stops
// there with one note and the run starts over in a fresh worker without the
// check, as the plain tool runs: here symbol-dce, and both tools exit 0.
//
// RUN: sh -c 'irscope-opt %s --verify-each=0 --check-determinism --pass-pipeline="builtin.module(func.func(linalg-detensorize),symbol-dce)" -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="irscope-opt: error:"
// CHECK: irscope-opt: note: step 1 'builtin.module(func.func(linalg-detensorize))' left IR that does not verify (--verify-each=0): the run starts over without the determinism check, as the plain tool runs (broken IR cannot be copied safely)
// CHECK: exit=0
// RUN: %mlir_opt %s --verify-each=0 --pass-pipeline="builtin.module(func.func(linalg-detensorize),symbol-dce)" -o /dev/null
//
// The same with threads on and off, and when the broken step is the last.
// RUN: sh -c 'irscope-opt %s --verify-each=0 --check-determinism=threads --pass-pipeline="builtin.module(func.func(linalg-detensorize))" -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LAST --implicit-check-not="irscope-opt: error:"
// LAST: irscope-opt: note: step 1 'builtin.module(func.func(linalg-detensorize))' left IR that does not verify (--verify-each=0): the run starts over without the determinism check, as the plain tool runs (broken IR cannot be copied safely)
// LAST: exit=0
//
// Without crash protection there is no fresh process: the steps after the
// stop run once in this one.
// RUN: sh -c 'irscope-opt %s --crash-protection=0 --verify-each=0 --check-determinism --pass-pipeline="builtin.module(func.func(linalg-detensorize),symbol-dce)" -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HERE --implicit-check-not="irscope-opt: error:"
// HERE: irscope-opt: note: step 1 'builtin.module(func.func(linalg-detensorize))' left IR that does not verify (--verify-each=0): the steps after it run once, without the determinism check (broken IR cannot be copied safely)
// HERE: exit=0

module {
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
