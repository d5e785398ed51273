// Script mode, mlir-reduce convention (--test-must-fail: a non-zero exit
// means interesting). Inputs/fails-on-muli.sh runs irscope-opt with
// irs-test-fail on arith.muli, which exits 1 while the muli is there.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.tmp && mkdir %t.tmp
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=sh --test-arg=%S/Inputs/fails-on-muli.sh --test-must-fail --strategies=erase-symbols -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG-NOT: opt-reduce: error:
// LOG: opt-reduce: done: {{.*}}
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=func.func < %t.out
// OUT:      func.func @b(%arg0: i32) -> i32 {
// OUT-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// OUT-NEXT:   return %0 : i32
// OUT-NEXT: }

// Without --test-must-fail the same script says "not interesting" (it exits
// 1 on the input): see not-interesting.mlir.

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
