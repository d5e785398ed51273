// --strategies=LIST selects strategies by the names --list-strategies
// prints; an empty list means all of them. A name that is not a strategy is
// a usage error (exit 2) that names it, not a run that silently reduces
// nothing.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: opt-reduce --list-strategies | FileCheck %s --check-prefix=LIST --match-full-lines
// LIST:      failing-symbol keep only the function a nested step failed on and the symbols it uses
// LIST-NEXT: pipeline keep only the failing step, run on the IR that went into it
// LIST-NEXT: erase-symbols ddmin over top-level ops (functions, globals)
// LIST-NEXT: erase-ops ddmin per nesting level, outer ops first; used results become ub.poison
// LIST-NEXT: inline-region replace a region-holding op by the body of one of its regions
// LIST-NEXT: simplify-cfg fold cf branches to one successor, merge and erase blocks
// LIST-NEXT: drop-args drop block arguments, function arguments and function results
// LIST-NEXT: simplify-operands replace operands by poison, a function argument or a constant
// LIST-NEXT: poison-to-args ub.poison in a function nothing calls becomes a new argument
// LIST-NEXT: simplify-attrs dense elements to splats, drop discardable attributes{{$}}
// LIST-NEXT: run-passes run canonicalize, cse or symbol-dce when that shrinks the module
// LIST-NEXT: rename rename symbols to short stable names (@f0, @f1, ..., @s0, ...), drop locations
// LIST-EMPTY:

// An empty list: every strategy runs (@other goes, the constant becomes
// poison).
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies= -o %t.all 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ALLLOG
// ALLLOG: opt-reduce: failing-symbol:
// ALLLOG: opt-reduce: erase-ops:
// RUN: FileCheck %s --check-prefix=ALL --implicit-check-not=@other --implicit-check-not=arith.constant < %t.all
// ALL: arith.muli

// RUN: rm -f %t.bad
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=erase-ops,erase-everything -o %t.bad; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD-NOT: opt-reduce: done
// BAD: opt-reduce: error: {{.*}}'erase-everything'
// BAD-NEXT: exit=2
// RUN: not ls %t.bad

func.func @other() {
  return
}
func.func @f(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = arith.muli %x, %c : i32
  return %0 : i32
}
