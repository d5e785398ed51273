// The rename strategy gives the module's symbols short stable names in
// order of appearance: functions @f0, @f1, ..., other symbols @s0, ...;
// uses (calls, symbol references) follow. Names of at most two characters
// are kept. SSA value names are the printer's (%0, %arg0, %c1_i32) and are
// not stored in the IR: nothing to rename there.

// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" --strategies=rename -o %t.out 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: rename:
// LOG: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=very_long --implicit-check-not=another < %t.out
// OUT:      memref.global "private" @s0 : memref<4xi32>
// OUT:      func.func private @f0(%arg0: i32) -> i32 {
// OUT:      func.func @g(%arg0: i32) -> i32 {
// OUT-NEXT:   memref.get_global @s0 : memref<4xi32>
// OUT-NEXT:   call @f0(%arg0) : (i32) -> i32
// OUT:      func.func @f2(

// When the failure depends on a name, renaming everything at once is not
// interesting; each symbol is then renamed alone, and the one that matters
// keeps its name (script mode: the test wants @another_name).
// CHECK-INTERESTINGNESS: func.func @another_name
// RUN: cp %S/Inputs/check-interesting.sh %t.sh && chmod +x %t.sh
// RUN: opt-reduce %s --test=%t.sh --test-arg=%s --test-arg=CHECK-INTERESTINGNESS --strategies=rename -o %t.keep 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KLOG
// KLOG: opt-reduce: done:
// RUN: FileCheck %s --check-prefix=KEEP < %t.keep
// KEEP: memref.global "private" @s0
// KEEP: func.func private @f0(
// KEEP: func.func @g(
// KEEP: func.func @another_name(

memref.global "private" @a_global_with_a_long_name : memref<4xi32>
func.func private @very_long_helper_name(%a: i32) -> i32 {
  %m = arith.muli %a, %a : i32
  return %m : i32
}
func.func @g(%x: i32) -> i32 {
  %0 = memref.get_global @a_global_with_a_long_name : memref<4xi32>
  %1 = func.call @very_long_helper_name(%x) : (i32) -> i32
  return %1 : i32
}
func.func @another_name() {
  return
}
