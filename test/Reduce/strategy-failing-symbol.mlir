// The failing-symbol strategy: the input's check notes which top-level
// symbol the crashing nested step was running on (@crashes), and one
// candidate keeps only it and what it references, transitively (@leaf
// through a call, @table through memref.get_global): every other function
// and global goes in that one test (test 2), the caller of @crashes too.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -f %t.out
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(canonicalize),func.func(irs-test-crash{op=arith.muli}))" --strategies=failing-symbol -v -o %t.out; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// LOG:      opt-reduce: test 1 [check] the module as it is: crash in irs-test-crash, interesting
// LOG-NEXT: opt-reduce: test 2 [failing-symbol] erase 4 ops: #{{[0-9]+}} #{{[0-9]+}} #{{[0-9]+}} #{{[0-9]+}}: crash in irs-test-crash, interesting
// LOG-NEXT: opt-reduce: failing-symbol: 12 ops (2 tests, {{[0-9.]+}} s)
// LOG-NOT:  opt-reduce: test 3
// LOG:      signature: crash in irs-test-crash
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=@unrelated --implicit-check-not=@unused --implicit-check-not=@caller --implicit-check-not=@after < %t.out
// OUT:      memref.global "private" @table : memref<4xi32>
// OUT:      func.func private @leaf(
// OUT:      func.func @crashes(
// OUT:        memref.get_global @table
// OUT:        call @leaf(
// OUT:        arith.muli

// The result still crashes the pipeline.
// RUN: not --crash irscope-opt %t.out --crash-protection=0 --pass-pipeline="builtin.module(func.func(canonicalize),func.func(irs-test-crash{op=arith.muli}))" -o /dev/null

// A step on the module itself says nothing about a function: no
// failing-symbol candidate, erase-symbols does the work.
// RUN: opt-reduce %s --pass-pipeline="builtin.module(irs-test-crash{op=arith.muli})" --strategies=failing-symbol,erase-symbols -v -o %t.module 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE
// MODULE-NOT: [failing-symbol]
// MODULE:     opt-reduce: erase-symbols: {{[0-9]+}} ops
// MODULE-NOT: [failing-symbol]
// MODULE:     signature: crash in irs-test-crash

// The cut is only a candidate: here the constant irs-test-crash dies on
// exists in @f only because sccp propagates it from its caller, so @f
// alone does not crash (test 2 is not interesting) and erase-symbols
// reduces as it would without the strategy, keeping the caller.
// RUN: opt-reduce %S/Inputs/failing-symbol-callers.mlir --pass-pipeline="builtin.module(sccp,func.func(irs-test-crash{op=arith.constant}))" --strategies=failing-symbol,erase-symbols -v -o %t.callers 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CALLERS
// CALLERS:      opt-reduce: test 1 [check] the module as it is: crash in irs-test-crash, interesting
// CALLERS-NEXT: opt-reduce: test 2 [failing-symbol] erase 2 ops: #4 #8: ok, not interesting
// CALLERS:      opt-reduce: erase-symbols: {{[0-9]+}} ops
// CALLERS:      signature: crash in irs-test-crash
// RUN: FileCheck %s --check-prefix=CALLERS-OUT < %t.callers
// CALLERS-OUT: func.func @main()

// The check wrote no IR going into the nested step 3 (failing-symbol would
// make it stale), so the pipeline strategy, after the failed cut, runs
// steps 1 and 2 again to get it: the pipeline is cut all the same (symbol-dce
// removed @dead on the way).
// RUN: opt-reduce %S/Inputs/failing-symbol-callers.mlir --pass-pipeline="builtin.module(sccp,symbol-dce,func.func(irs-test-crash{op=arith.constant}))" --strategies=failing-symbol,pipeline -v -o %t.cut 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CUT
// CUT:      opt-reduce: test 2 [failing-symbol] erase 2 ops: #4 #8: ok, not interesting
// CUT-NEXT: opt-reduce: test 3 [pipeline] the module as it is: crash in irs-test-crash, interesting
// CUT:      opt-reduce: pipeline: builtin.module(func.func(irs-test-crash{op=arith.constant})) (reduced from
// RUN: FileCheck %s --check-prefix=CUT-OUT --implicit-check-not=@dead < %t.cut
// CUT-OUT: func.func private @f(
// CUT-OUT:   arith.constant 3

func.func @unrelated(%a: i32) -> i32 {
  %0 = arith.subi %a, %a : i32
  return %0 : i32
}
memref.global "private" @table : memref<4xi32>
memref.global "private" @unused : memref<2xi32>
func.func private @leaf(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @crashes(%a: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %g = memref.get_global @table : memref<4xi32>
  %v = memref.load %g[%c0] : memref<4xi32>
  %0 = call @leaf(%a) : (i32) -> i32
  %1 = arith.muli %0, %v : i32
  return %1 : i32
}
func.func @caller(%a: i32) -> i32 {
  %0 = call @crashes(%a) : (i32) -> i32
  return %0 : i32
}
func.func @after(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
