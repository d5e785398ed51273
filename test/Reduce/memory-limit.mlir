// --memory-limit takes a size such as irscope-opt's (512M, 2G): a candidate
// whose test goes above it is killed and has the signature "memory-limit".
// 2G is far above what these tests need, so the signature stays the
// pass failure and the reduction is the usual one. A value that is not a
// size is a usage error.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --memory-limit=2G --strategies=erase-symbols -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: signature: pass-failure in irs-test-fail
// LOG-NEXT: exit=0
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=@other < %t.out
// OUT: func.func @f(
// OUT-NEXT: arith.muli

// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --memory-limit=lots -o %t.bad; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD
// BAD: opt-reduce: error: option '--memory-limit' expects {{.*}}'lots'
// BAD-NEXT: exit=2

func.func @other() {
  return
}
func.func @f(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
