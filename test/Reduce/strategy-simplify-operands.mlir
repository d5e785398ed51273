// The simplify-operands strategy replaces an operand that is not already
// simple (a constant, a poison, a function argument) by a value that
// already exists: the function's first ub.poison of its type, else the
// first function argument of its type, else the first earlier
// arith.constant of its type; only where none exists, by a new ub.poison
// (it costs an op, so it comes last). The ops that fed the operand can
// then go.

// In-process: every computed operand of @f becomes the first argument of
// its type (the ops that fed them are left unused, for erase-ops). @p has
// no f32 value to offer, so its computed f32 operands become new poisons,
// which the next round merges into the first one (the others are left
// unused, for erase-ops).
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=simplify-operands -o %t.out 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: simplify-operands:
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT:      %c5_i32 = arith.constant 5 : i32
// OUT-NEXT: arith.addi %arg0, %arg1 : i32
// OUT-NEXT: arith.subi %arg0, %c5_i32 : i32
// OUT-NEXT: arith.muli %arg0, %arg0 : i32
// OUT-NEXT: arith.xori %arg0, %arg0 : i32
// OUT-NEXT: return %arg0 : i32
// OUT:      func.func @p(%arg0: i32) -> f32 {
// OUT-NEXT:   arith.sitofp %arg0 : i32 to f32
// OUT-NEXT:   %[[P:.*]] = ub.poison : f32
// OUT-NEXT:   arith.mulf %[[P]], %[[P]] : f32
// OUT-NEXT:   ub.poison : f32
// OUT-NEXT:   return %[[P]] : f32
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=simplify-operands,erase-ops -o %t.both 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SLOG
// RUN: FileCheck %s --check-prefix=BOTH --implicit-check-not=arith.addi --implicit-check-not=arith.subi --implicit-check-not=arith.xori --implicit-check-not=arith.constant < %t.both
// BOTH: arith.muli

// Script mode, where the test rejects any poison: computed operands
// become the first function argument of their type (i32), or, where no
// argument has the type (i16), the first constant of that type.
// CHECK-INTERESTINGNESS-NOT: ub.poison
// CHECK-INTERESTINGNESS: arith.muli
// CHECK-INTERESTINGNESS-NOT: ub.poison
// RUN: cp %S/Inputs/check-interesting.sh %t.sh && chmod +x %t.sh
// RUN: opt-reduce %S/Inputs/strategy-simplify-operands-args.mlir --test=%t.sh --test-arg=%s --test-arg=CHECK-INTERESTINGNESS --strategies=simplify-operands -o %t.script 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SLOG
// SLOG: opt-reduce: done:
// RUN: FileCheck %s --check-prefix=SCRIPT --implicit-check-not=ub.poison < %t.script
// SCRIPT:      func.func @g(%arg0: i32, %arg1: i32) -> i16 {
// SCRIPT-NEXT:   %c5_i16 = arith.constant 5 : i16
// SCRIPT-NEXT:   %0 = arith.addi %arg0, %arg1 : i32
// SCRIPT-NEXT:   %1 = arith.muli %arg0, %arg0 : i32
// SCRIPT-NEXT:   %2 = arith.trunci %arg0 : i32 to i16
// SCRIPT-NEXT:   %3 = arith.shrui %c5_i16, %c5_i16 : i16
// SCRIPT-NEXT:   return %c5_i16 : i16

func.func @f(%x: i32, %y: i32) -> i32 {
  %c = arith.constant 5 : i32
  %a = arith.addi %x, %y : i32
  %b = arith.subi %a, %c : i32
  %m = arith.muli %b, %a : i32
  %r = arith.xori %m, %b : i32
  return %r : i32
}

func.func @p(%x: i32) -> f32 {
  %f = arith.sitofp %x : i32 to f32
  %m = arith.mulf %f, %f : f32
  return %m : f32
}
