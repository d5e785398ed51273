// SIGINT stops a reduction early: the test running at the time finishes,
// no new one starts, and -o holds the best module found so far, complete
// and valid (it is replaced atomically after every improvement), with no
// temporary left next to it. The run reports "stopped early" and exits 0.
//
// Each interesting candidate here hangs until --test-timeout=0.5 kills it,
// so the reduction of these 16 functions would take about 2.5 s; SIGINT
// comes after 1.5 s. (Whenever it comes, even during the first test, what
// -o holds is valid.)
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.d && mkdir %t.d
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(irs-test-hang{op=arith.muli})" --test-timeout=0.5 --strategies=erase-symbols -o %t.d/out.mlir & p=$!; \
// RUN:   sleep 1.5; kill -INT $p; wait $p; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG -DOUT=%t.d/out.mlir < %t.log
// LOG-NOT: opt-reduce: error:
// LOG: opt-reduce: stopped early: wrote '[[OUT]]' ({{[0-9]+}} tests); signature: timeout in irs-test-hang
// LOG-NEXT: exit=0

// RUN: ls -A %t.d | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES:      out.mlir
// FILES-EMPTY:

// The best-so-far parses and still holds the function with the trigger.
// RUN: irscope-opt %t.d/out.mlir | FileCheck %s --check-prefix=OUT
// OUT: func.func @trigger(
// OUT-NEXT: arith.muli

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
