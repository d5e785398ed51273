// SIGINT stops a reduction early: the tests running at the time finish,
// no new one starts, and -o holds the best module found so far, complete
// and valid (it is replaced atomically after every improvement), with no
// temporary left next to it. The run reports "stopped early" and exits 0.
//
// Each interesting candidate here hangs until --test-timeout=0.5 kills it,
// so the reduction of these 16 functions takes several seconds; SIGINT
// comes right after the first improvement is reported (waiting for it
// rather than for a fixed time keeps the test meaningful on a loaded
// machine or in a sanitizer build, where start-up alone can take seconds).
// (Whenever it comes, even during the first test, what -o holds is valid.)
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.d && mkdir %t.d
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(irs-test-hang{op=arith.muli})" --test-timeout=0.5 --strategies=erase-symbols -o %t.d/out.mlir 2> %t.err & p=$!; \
// RUN:   i=0; until grep -q " ops (" %t.err || [ $i -ge 1200 ]; do sleep 0.05; i=$((i+1)); done; \
// RUN:   kill -INT $p; wait $p; rc=$?; cat %t.err; echo exit=$rc' > %t.log 2>&1
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
