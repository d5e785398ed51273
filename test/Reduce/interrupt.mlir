// SIGINT stops a reduction early: the tests running at the time finish,
// no new one starts, and -o holds the best module found so far, complete
// and valid (it is replaced atomically after every improvement), with no
// temporary left next to it. The run reports "stopped early" and exits 0.
//
// The interrupt must come while the reduction runs, after an improvement:
// one sent from the test's shell once the first improvement is reported
// may come after the (quick) rest of the reduction ended, which then says
// "done". So the hanging test sends it itself: irs-test-hang counts the
// runs that hang in %t.count and the third sends SIGINT to opt-reduce, its
// parent. With -j 1 the first run that hangs is the input's check, the
// second the first interesting candidate (kept: an improvement), the third
// the next candidate that keeps @trigger, while the strategy runs. (Only
// the third sends it: a second SIGINT would end opt-reduce at once.)
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.d %t.count && mkdir %t.d
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(irs-test-hang{op=arith.muli interrupt=3 file=%t.count})" --test-timeout=0.5 --strategies=erase-symbols -j 1 -o %t.d/out.mlir; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG -DOUT=%t.d/out.mlir < %t.log
// LOG-NOT: opt-reduce: error:
// LOG: opt-reduce: erase-symbols: {{[0-9]+}} ops ({{[0-9]+}} tests,
// LOG-NOT: opt-reduce: error:
// LOG: opt-reduce: stopped early: wrote '[[OUT]]' ({{[0-9]+}} tests); signature: timeout in irs-test-hang
// LOG-NEXT: exit=0

// RUN: ls -A %t.d | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES:      out.mlir
// FILES-EMPTY:

// The best-so-far parses and still holds the function with the trigger.
// (Not necessarily fewer functions than the input: a candidate that only
// looked hung on a loaded machine may be the last one kept, and the result
// then falls back to the input, the best one known to hang.)
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
