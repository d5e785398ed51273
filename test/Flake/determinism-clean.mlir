// No false positives: a real deterministic pipeline (canonicalize, cse,
// inline, sccp, symbol-dce, twice: 10 steps) passes --check-determinism 10
// times and --check-determinism=threads 10 times, each run printing the
// same output as a plain run.

// RUN: irscope-opt %s --pass-pipeline="builtin.module(canonicalize,cse,inline,sccp,symbol-dce,canonicalize,cse,inline,sccp,symbol-dce)" > %t.expected
// RUN: sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do for m in "" =threads; do irscope-opt %s --pass-pipeline="builtin.module(canonicalize,cse,inline,sccp,symbol-dce,canonicalize,cse,inline,sccp,symbol-dce)" --check-determinism$m --failure-dir=%t.dir > %t.out 2>&1; echo "exit=$?"; cmp -s %t.out %t.expected && echo same; done; done' > %t.log
// RUN: FileCheck %s --implicit-check-not=exit=8 --implicit-check-not=exit=1 < %t.log
// CHECK-COUNT-20: exit=0
// RUN: grep -c same %t.log | FileCheck %s --check-prefix=SAME
// SAME: 20
// RUN: not ls %t.dir

func.func private @square(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func @poly(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %t = arith.constant true
  %0 = call @square(%a) : (i32) -> i32
  %1 = arith.addi %0, %c0 : i32
  %2 = scf.if %t -> (i32) {
    %s = arith.addi %1, %c1 : i32
    scf.yield %s : i32
  } else {
    scf.yield %b : i32
  }
  %3 = arith.muli %2, %c1 : i32
  %4 = call @square(%3) : (i32) -> i32
  %5 = arith.addi %a, %b : i32
  %6 = arith.addi %a, %b : i32
  %7 = arith.addi %5, %6 : i32
  %8 = arith.addi %4, %7 : i32
  return %8 : i32
}
func.func @loop(%n: index, %init: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) {
    %q = func.call @poly(%acc, %acc) : (i32, i32) -> i32
    scf.yield %q : i32
  }
  return %r : i32
}
func.func private @dead(%x: i32) -> i32 {
  return %x : i32
}
