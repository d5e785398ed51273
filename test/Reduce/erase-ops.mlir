// The erase-ops strategy: ddmin over every op below the top level (except
// terminators). An erased op's results are replaced by ub.poison of the same
// type, so its users stay valid; an op holding regions goes with everything
// inside. What the crash needs stays: the arith.muli and the scf.for around
// it (its operands become poison where their producers could go).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -f %t.out
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli}))" --strategies=erase-ops -o %t.out; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// LOG-NOT: opt-reduce: error:
// LOG: opt-reduce: done: {{.*}}; signature: crash in irs-test-abort
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=OUT < %t.out
// The function and its signature are kept (erase-symbols is not enabled).
// OUT:      func.func @f(%arg0: i32, %arg1: i1, %arg2: index, %arg3: index) -> i32 {
// OUT-NOT:  arith.constant
// OUT-NOT:  scf.if
// OUT-NOT:  arith.addi
// OUT-NOT:  arith.subi
// OUT:        %[[STEP:.*]] = ub.poison : index
// OUT-NEXT:   %[[INIT:.*]] = ub.poison : i32
// OUT-NEXT:   %{{.*}} = scf.for %[[IV:.*]] = %arg2 to %arg3 step %[[STEP]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (i32) {
// OUT-NEXT:     %[[M:.*]] = arith.muli %[[ACC]], %arg0 : i32
// OUT-NEXT:     scf.yield %[[M]] : i32
// OUT-NEXT:   }
// OUT-NEXT:   %[[RET:.*]] = ub.poison : i32
// OUT-NEXT:   return %[[RET]] : i32
// OUT-NEXT: }
// OUT-NOT:  arith.xori

// The output is valid IR and still crashes the pipeline.
// RUN: sh -c 'irscope-opt %t.out --pass-pipeline="builtin.module(func.func(irs-test-abort{op=arith.muli}))" --failure-dir=%t.fail -o %t.replay; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// REPLAY: irscope-opt: error: step 1 {{.*}} crashed with SIGABRT
// REPLAY: irscope-opt: note: report: {{.*}}/report.xml
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=5

func.func @f(%x: i32, %c: i1, %lb: index, %ub: index) -> i32 {
  %s = arith.constant 1 : index
  %0 = scf.if %c -> i32 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    %b = arith.subi %x, %x : i32
    scf.yield %b : i32
  }
  %1 = scf.for %i = %lb to %ub step %s iter_args(%acc = %0) -> i32 {
    %m = arith.muli %acc, %x : i32
    scf.yield %m : i32
  }
  %2 = arith.xori %1, %x : i32
  return %2 : i32
}
