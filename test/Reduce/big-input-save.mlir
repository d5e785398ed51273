// A big input (100k ops and more) is first written to -o by a forked child
// while the input's check runs. The result is the same as a small input's;
// an input that turns out not to be interesting leaves an existing -o
// untouched, and nothing temporary next to it.
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "v = chr(37) + 'c'; n = 100000; print('func.func @pad() -> i32 {'); [print('  ' + v + str(i) + ' = arith.constant ' + str(i) + ' : i32') for i in range(n)]; print('  return ' + v + str(n - 1) + ' : i32'); print('}')" > %t/pad.mlir
// RUN: cat %t/pad.mlir %s > %t/big.mlir

// RUN: sh -c 'opt-reduce %t/big.mlir --pass-pipeline="builtin.module(func.func(irs-test-crash{op=math.sqrt}))" -o %t/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: ops: 100006 -> 4, bytes: 4477944 -> 87
// LOG: exit=0
// RUN: FileCheck %s --check-prefix=OUT < %t/out.mlir
// OUT: func.func @
// OUT: math.sqrt
// OUT-NOT: arith.constant 99999

// Not interesting: the old -o stays as it was.
// RUN: echo old > %t/old.mlir
// RUN: sh -c 'opt-reduce %t/big.mlir --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.divsi}))" -o %t/old.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOT
// NOT: opt-reduce: error: the input is not interesting: the pipeline succeeds on it
// NOT-NEXT: exit=2
// RUN: FileCheck %s --check-prefix=OLD < %t/old.mlir
// OLD: old
// RUN: ls %t | FileCheck %s --check-prefix=FILES --implicit-check-not=tmp
// FILES: big.mlir

func.func @f(%x: f32) -> f32 {
  %0 = math.sqrt %x : f32
  return %0 : f32
}
