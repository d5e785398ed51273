// -j N tests up to N candidates at once, each in a forked worker of its
// own, and keeps the first interesting candidate in the order sequential
// testing would try them: the result does not depend on N. Here -j 1, 2
// and 3 give byte-identical outputs, in-process and in script mode.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.d %t.tmp && mkdir %t.d %t.tmp
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" --strategies=erase-symbols,erase-ops -j 1 -o %t.d/j1.mlir; echo exit=$?' > %t.d/j1.log 2>&1
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" --strategies=erase-symbols,erase-ops -j 2 -o %t.d/j2.mlir; echo exit=$?' > %t.d/j2.log 2>&1
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" --strategies=erase-symbols,erase-ops -j 3 -o %t.d/j3.mlir; echo exit=$?' > %t.d/j3.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG1 < %t.d/j1.log
// RUN: FileCheck %s --check-prefix=LOG2 < %t.d/j2.log
// RUN: FileCheck %s --check-prefix=LOG3 < %t.d/j3.log
// LOG1: opt-reduce: tests: {{[0-9]+}} run + {{[0-9]+}} cached in {{[0-9.]+}} s ({{[0-9.]+}} tests/s, -j 1, seed none)
// LOG1: opt-reduce: done: {{.*}}; signature: crash in irs-test-crash
// LOG1-NEXT: exit=0
// LOG2: opt-reduce: tests: {{.*}}, -j 2, seed none)
// LOG2: opt-reduce: done: {{.*}}; signature: crash in irs-test-crash
// LOG2-NEXT: exit=0
// LOG3: opt-reduce: tests: {{.*}}, -j 3, seed none)
// LOG3: opt-reduce: done: {{.*}}; signature: crash in irs-test-crash
// LOG3-NEXT: exit=0
// RUN: diff %t.d/j1.mlir %t.d/j2.mlir
// RUN: diff %t.d/j1.mlir %t.d/j3.mlir
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=func.func --implicit-check-not=arith.addi < %t.d/j2.mlir
// OUT:      func.func @crashes(%arg0: i32, %arg1: i1) -> i32 {
// OUT-NEXT:   %0 = ub.poison : i32
// OUT-NEXT:   %1 = scf.if %arg1 -> (i32) {
// OUT-NEXT:     %3 = arith.muli %0, %arg0 : i32
// OUT-NEXT:     scf.yield %3 : i32
// OUT-NEXT:   } else {
// OUT-NEXT:     %3 = ub.poison : i32
// OUT-NEXT:     scf.yield %3 : i32
// OUT-NEXT:   }
// OUT-NEXT:   %2 = ub.poison : i32
// OUT-NEXT:   return %2 : i32

// Script mode: every test runs in a private directory (the script exits 3,
// not interesting, if it sees another test's files), and the temporary
// directory is gone afterwards, scratch files included.
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=%S/Inputs/private-dir.sh --strategies=erase-symbols,erase-ops -j 1 -o %t.d/s1.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=SLOG
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=%S/Inputs/private-dir.sh --strategies=erase-symbols,erase-ops -j 2 -o %t.d/s2.mlir; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=SLOG
// SLOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests)
// SLOG-NEXT: exit=0
// RUN: diff %t.d/s1.mlir %t.d/s2.mlir
// RUN: FileCheck %s --check-prefix=SOUT --implicit-check-not=func.func < %t.d/s2.mlir
// SOUT: func.func @crashes(
// SOUT: arith.muli
// RUN: ls -A %t.tmp | count 0

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @b(%x: f32) -> f32 {
  %0 = arith.addf %x, %x : f32
  %1 = arith.mulf %0, %x : f32
  return %1 : f32
}
func.func @crashes(%x: i32, %c: i1) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = scf.if %c -> (i32) {
    %2 = arith.muli %0, %x : i32
    scf.yield %2 : i32
  } else {
    %3 = arith.subi %0, %x : i32
    scf.yield %3 : i32
  }
  %4 = arith.addi %1, %x : i32
  return %4 : i32
}
func.func @d(%x: i32) -> i32 {
  %0 = arith.subi %x, %x : i32
  %1 = arith.addi %0, %x : i32
  return %1 : i32
}
func.func @e() {
  return
}
