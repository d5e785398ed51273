// Script mode, llvm-reduce convention (exit 0 means interesting), with
// FileCheck as the interestingness test (STYLE R38): a candidate is
// interesting while it matches this file's CHECK-INTERESTINGNESS lines, and
// the CHECK-FINAL lines check what is left. The candidate is the test's last
// argument; Inputs/check-interesting.sh feeds it to FileCheck on stdin.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// CHECK-INTERESTINGNESS: arith.muli
// CHECK-INTERESTINGNESS: func.func private @keep

// Candidates are written to a private directory under $TMPDIR; each is
// removed once its test has run, and so is the directory at the end.
// RUN: rm -rf %t.tmp && mkdir %t.tmp
// The script is named by its path (so it must be executable: a copy made
// so here); --test=sh --test-arg=SCRIPT runs one that is not.
// RUN: cp %S/Inputs/check-interesting.sh %t.sh && chmod +x %t.sh
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=%t.sh --test-arg=%s --test-arg=CHECK-INTERESTINGNESS --strategies=erase-symbols,erase-ops -o %t.out; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG -DOUT=%t.out < %t.log
// Script mode has no signature to report.
// LOG-NOT: opt-reduce: error:
// LOG: opt-reduce: done: wrote '[[OUT]]' ({{[0-9]+}} tests){{$}}
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=CHECK-FINAL --implicit-check-not=@a --implicit-check-not=arith.addi --implicit-check-not=arith.subi < %t.out
// CHECK-FINAL:      func.func @b(%arg0: i32) -> i32 {
// CHECK-FINAL-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// CHECK-FINAL-NEXT:   %1 = ub.poison : i32
// CHECK-FINAL-NEXT:   return %1 : i32
// CHECK-FINAL-NEXT: }
// CHECK-FINAL-NEXT: func.func private @keep()

// Nothing is left behind in $TMPDIR.
// RUN: ls -A %t.tmp | count 0

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  %1 = arith.subi %0, %x : i32
  return %1 : i32
}
func.func private @keep()
