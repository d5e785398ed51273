// run-passes runs a cleanup pass as step 0 of the candidate's worker,
// under --test-timeout. Here canonicalize itself never ends on @loop (a
// real MLIR 22 hang: the constant branch into a loop whose latch adds a
// second constant 1). That candidate is not interesting, the reducer's own
// process never runs it, and it is not tried again in later rounds: each
// try would cost the whole timeout. cse, which helped, is tried again.

// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.addi}))" --test-timeout=1 --strategies=erase-symbols,run-passes -j 1 -v -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not="run builtin.module(canonicalize)"
// CHECK: opt-reduce: test {{[0-9]+}} [run-passes] run builtin.module(canonicalize): edit-timeout, not interesting ({{[0-9]+}} ms)
// CHECK: opt-reduce: test {{[0-9]+}} [run-passes] run builtin.module(cse): pass-failure in irs-test-fail, interesting ({{[0-9]+}} ms)
// CHECK: opt-reduce: test {{[0-9]+}} [run-passes] run builtin.module(cse): {{.*}}, not interesting
// CHECK: opt-reduce: wins: erase-symbols 1 (-3 ops), run-passes 1 (-1 ops)
// CHECK: exit=0
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT: arith.addi

func.func @other(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func @loop(%c: i1) {
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1 : i32
  %true = arith.constant true
  cf.cond_br %true, ^exit, ^header(%c1 : i32)
^header(%iv: i32):
  cf.cond_br %c, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %one : i32
  cf.br ^header(%next : i32)
^exit:
  return
}
