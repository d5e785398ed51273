// --max-time stops the reduction after the tests running at that moment:
// no new test starts, -o holds the best module so far (valid, at least as
// small as the input), the last line says "stopped early", exit 0.
//
// The input's check hangs until --test-timeout=0.5 kills it, and later
// candidates that hang are killed sooner (judged hung after a fraction of
// the timeout, see hang.mlir), so reducing these 16 functions takes well
// over the 0.6 s limit but not by much.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(irs-test-hang{op=arith.muli})" --test-timeout=0.5 --max-time=0.6 --strategies=erase-symbols -j 1 -o %t.out; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG -DOUT=%t.out < %t.log
// LOG-NOT: opt-reduce: error:
// LOG: opt-reduce: stopped early: wrote '[[OUT]]' ({{[0-9]+}} tests); signature: timeout in irs-test-hang
// LOG-NEXT: exit=0

// The best-so-far parses and still holds the function with the trigger.
// RUN: irscope-opt %t.out | FileCheck %s --check-prefix=OUT
// OUT: func.func @trigger(
// OUT-NEXT: arith.muli

// With -j 2 as well.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(irs-test-hang{op=arith.muli})" --test-timeout=0.5 --max-time=0.6 --strategies=erase-symbols -j 2 -o %t.out2; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG2
// LOG2: opt-reduce: stopped early: {{.*}}; signature: timeout in irs-test-hang
// LOG2-NEXT: exit=0
// RUN: irscope-opt %t.out2 | FileCheck %s --check-prefix=OUT

func.func @trigger(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
func.func @f1(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f2(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f3(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f4(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f5(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f6(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f7(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f8(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f9(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f10(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f11(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f12(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f13(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f14(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f15(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
