// In-process mode keeps a candidate only if the pipeline still fails with
// the original signature: the same kind, the same failing pass and the same
// first error (numbers and SSA names masked). Erasing an op whose result is
// used leaves a ub.poison behind, and step 1 of these pipelines fails on
// any ub.poison: a DIFFERENT failure. The reducer must not slide to it, so
// only the unused arith.subi can go; everything feeding the arith.muli
// stays.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// Step 1 fails with another message of the same pass.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=ub.poison},irs-test-fail{op=arith.muli}))" --strategies=erase-ops -o %t.msg; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: signature: pass-failure in irs-test-fail
// LOG-NEXT: exit=0
// RUN: FileCheck %s --check-prefix=KEPT --implicit-check-not=ub.poison --implicit-check-not=arith.subi < %t.msg
// KEPT:      %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// KEPT-NEXT: %[[M:.*]] = arith.muli %[[A]], %[[A]] : i32
// KEPT-NEXT: return %[[M]] : i32

// Step 1 breaks the IR instead (a verifier failure: another kind).
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-corrupt{op=ub.poison},irs-test-fail{op=arith.muli}))" --strategies=erase-ops -o %t.kind; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// RUN: diff %t.msg %t.kind

// --any-failure accepts any failure, so the reduction does slide: in the
// end even the arith.muli is gone and the failure is step 1's.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=ub.poison},irs-test-fail{op=arith.muli}))" --strategies=erase-ops --any-failure -o %t.any; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// RUN: FileCheck %s --check-prefix=ANY --implicit-check-not=arith. < %t.any
// ANY:      %[[P:.*]] = ub.poison : i32
// ANY-NEXT: return %[[P]] : i32

// --match=REGEX: the kind and the pass must still be the same, but the first
// error only has to match REGEX. Every injected failure of irs-test-fail
// matches 'injected failure', so this slides as far as --any-failure ...
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=ub.poison},irs-test-fail{op=arith.muli}))" --strategies=erase-ops --match="injected failure" -o %t.match; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// RUN: diff %t.any %t.match
// ... while a regex naming the op keeps the original failure.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=ub.poison},irs-test-fail{op=arith.muli}))" --strategies=erase-ops --match="at .arith\.muli.$" -o %t.match2; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// RUN: diff %t.msg %t.match2

// A regex the input's own first error does not match: nothing to reduce.
// RUN: rm -f %t.nomatch
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --match="at .arith\.addi." -o %t.nomatch; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOMATCH --match-full-lines
// NOMATCH:      opt-reduce: error: the input is not interesting: its first error 'irs-test-fail: injected failure at 'arith.muli'' does not match --match
// NOMATCH-NEXT: exit=2
// RUN: not ls %t.nomatch

func.func @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %x, %x : i32
  return %1 : i32
}
