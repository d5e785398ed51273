// The inline-region strategy replaces an op that holds regions by the body
// of one of them: the scf.if by its then-branch (tried first), the
// scf.execute_region by its body, the scf.for by its body with the
// iteration argument %acc mapped to its init value (iter_args line up with
// the op's last operands) and the induction variable, unused, dropped. The
// yielded values take the place of the ops' results.

// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=inline-region -o %t.out 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: inline-region:
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail

// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT-NOT:  scf.
// OUT-NOT:  arith.subi
// OUT:      func.func @f(%arg0: i32, %arg1: i1, %arg2: index, %arg3: index, %arg4: index) -> i32 {
// OUT-NEXT:   %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// OUT-NEXT:   %[[M:.*]] = arith.muli %[[A]], %arg0 : i32
// OUT-NEXT:   return %[[M]] : i32
// OUT-NEXT: }
// OUT-NOT:  scf.

// The result still fails the same way.
// RUN: not irscope-opt %t.out --crash-protection=0 --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// REPLAY: error: irs-test-fail: injected failure at 'arith.muli'

// A block argument without a matching operand (affine.for's induction
// variable; its bounds are constants) becomes ub.poison of its type.
// RUN: opt-reduce %S/Inputs/strategy-inline-affine.mlir --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.mulf}))" --strategies=inline-region -o %t.affine 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG2
// LOG2: opt-reduce: done: {{.*}}; signature: crash in irs-test-crash
// RUN: FileCheck %s --check-prefix=AFF < %t.affine
// AFF-NOT:  affine.for
// AFF:      func.func @g(%arg0: memref<8xf32>, %arg1: f32) {
// AFF-NEXT:   %[[I:.*]] = ub.poison : index
// AFF-NEXT:   %[[L:.*]] = affine.load %arg0[%[[I]]] : memref<8xf32>
// AFF-NEXT:   %[[P:.*]] = arith.mulf %[[L]], %arg1 : f32
// AFF-NEXT:   affine.store %[[P]], %arg0[%[[I]]] : memref<8xf32>
// AFF-NEXT:   return
// AFF-NOT:  affine.for

func.func @f(%x: i32, %c: i1, %lb: index, %ub: index, %s: index) -> i32 {
  %0 = scf.if %c -> i32 {
    %a = arith.addi %x, %x : i32
    scf.yield %a : i32
  } else {
    %b = arith.subi %x, %x : i32
    scf.yield %b : i32
  }
  %1 = scf.for %i = %lb to %ub step %s iter_args(%acc = %0) -> i32 {
    %e = scf.execute_region -> i32 {
      %m = arith.muli %acc, %x : i32
      scf.yield %m : i32
    }
    scf.yield %e : i32
  }
  return %1 : i32
}
