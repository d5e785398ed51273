// The simplify-cfg strategy folds cf.cond_br / cf.switch to a cf.br to one
// successor (the one that keeps the failure), erases the blocks that leave
// unreachable (and those that were already), merges a block into its only
// predecessor when that ends in a cf.br (arguments become the branch
// operands), and bypasses a block that holds only a cf.br (its
// predecessors branch to its successor directly).

// @fold keeps the side with arith.muli; @chain collapses into one block,
// its arguments replaced by %arg0, the dead ^bb4 gone; @switch and @bypass
// hold no muli and collapse to their first successor.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=simplify-cfg -j 1 -v -o %t.muli 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: [simplify-cfg] branch #2 to its successor 0 only: ok, not interesting
// LOG: [simplify-cfg] branch #2 to its successor 1 only: pass-failure in irs-test-fail, interesting
// LOG: [simplify-cfg] merge the successor of branch #{{[0-9]+}} into its block: pass-failure in irs-test-fail, interesting
// LOG: [simplify-cfg] erase unreachable blocks of region 0 of op #{{[0-9]+}}: pass-failure in irs-test-fail, interesting
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=MULI --implicit-check-not='^bb' --implicit-check-not=cf. < %t.muli
// MULI-LABEL: func.func @fold(%arg0: i1, %arg1: i32) -> i32 {
// MULI-NEXT:    %0 = arith.muli %arg1, %arg1 : i32
// MULI-NEXT:    return %0 : i32
// MULI-LABEL: func.func @chain(%arg0: i32) -> i32 {
// MULI-NEXT:    %0 = arith.subi %arg0, %arg0 : i32
// MULI-NEXT:    return %0 : i32
// MULI-LABEL: func.func @switch(%arg0: i32) {
// MULI-NEXT:    return
// MULI-LABEL: func.func @bypass(%arg0: i1, %arg1: i32) -> i32 {
// MULI-NEXT:    return %arg1 : i32

// The switch keeps its destination with arith.remsi, with its operand.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.remsi}))" --strategies=simplify-cfg -o %t.remsi 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DONE
// DONE: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=SWITCH --implicit-check-not='^bb' --implicit-check-not=cf. --implicit-check-not=arith.muli < %t.remsi
// SWITCH-LABEL: func.func @switch(%arg0: i32) {
// SWITCH-NEXT:    %0 = arith.remsi %arg0, %arg0 : i32
// SWITCH-NEXT:    return

// A cf.cond_br must stay: the one in @bypass does (the others fold away),
// and its two trivial successor blocks are bypassed, their arguments
// substituted.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=cf.cond_br}))" --strategies=simplify-cfg -j 1 -v -o %t.cond 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BYLOG
// BYLOG: [simplify-cfg] bypass the block of branch #{{[0-9]+}}: pass-failure in irs-test-fail, interesting
// BYLOG: [simplify-cfg] bypass the block of branch #{{[0-9]+}}: pass-failure in irs-test-fail, interesting
// RUN: FileCheck %s --check-prefix=BYPASS < %t.cond
// BYPASS-LABEL: func.func @bypass(%arg0: i1, %arg1: i32) -> i32 {
// BYPASS-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg1 : i32)
// BYPASS-NEXT:  ^bb1(%0: i32):
// BYPASS-NEXT:    return %0 : i32
// BYPASS-NEXT:  }

// With erase-ops: what erase-ops leaves in the blocks, simplify-cfg
// collapses; @chain's arith.subi goes too (its use becomes poison).
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=erase-ops,simplify-cfg -o %t.both 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOTHLOG
// BOTHLOG: opt-reduce: wins: erase-ops {{[0-9]+}} (-{{[0-9]+}} ops), simplify-cfg {{[0-9]+}} (-{{[0-9]+}} ops)
// RUN: FileCheck %s --check-prefix=BOTH --implicit-check-not='^bb' --implicit-check-not=cf. --implicit-check-not=arith.subi < %t.both
// BOTH-LABEL: func.func @fold(
// BOTH-NEXT:    %0 = arith.muli %arg1, %arg1 : i32
// BOTH-NEXT:    return %0 : i32
// BOTH-LABEL: func.func @chain(
// BOTH-NEXT:    %0 = ub.poison : i32
// BOTH-NEXT:    return %0 : i32

// Each result is valid and still fails the same way.
// RUN: not irscope-opt %t.muli --crash-protection=0 --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// RUN: not irscope-opt %t.both --crash-protection=0 --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// REPLAY: error: irs-test-fail: injected failure at 'arith.muli'

func.func @fold(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %a = arith.addi %x, %x : i32
  cf.br ^bb3(%a : i32)
^bb2:
  %m = arith.muli %x, %x : i32
  cf.br ^bb3(%m : i32)
^bb3(%r: i32):
  return %r : i32
}
func.func @chain(%x: i32) -> i32 {
  cf.br ^bb1(%x : i32)
^bb1(%p: i32):
  cf.br ^bb2(%p, %x : i32, i32)
^bb2(%q: i32, %y: i32):
  %s = arith.subi %q, %y : i32
  cf.br ^bb3
^bb3:
  return %s : i32
^bb4:
  %dead = arith.xori %x, %x : i32
  cf.br ^bb4
}
func.func @switch(%x: i32) {
  cf.switch %x : i32, [
    default: ^bb1,
    4: ^bb2(%x : i32)
  ]
^bb1:
  return
^bb2(%v: i32):
  %w = arith.remsi %v, %v : i32
  return
}
func.func @bypass(%c: i1, %x: i32) -> i32 {
  cf.cond_br %c, ^bb1(%x : i32), ^bb2
^bb1(%p: i32):
  cf.br ^bb3(%p : i32)
^bb2:
  cf.br ^bb3(%x : i32)
^bb3(%r: i32):
  return %r : i32
}
