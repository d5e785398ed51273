// opt-reduce --tool on a crash: the candidates of a list are tested many
// per tool process, as chunks of one --split-input-file run; the tool's
// --mlir-timing report after every chunk it finishes says which chunk it
// died in. Two real crashes of mlir-opt 22.1 in one pipeline: the target,
// -optimize-allocation-liveness on @m (llvm/llvm-project#205982), and
// -test-written-to on @test (#206914), which a candidate without @m meets
// instead. That candidate's batch ends there, judged not interesting, and
// the next batch goes on with the candidates after it. Every strategy
// but `pipeline`, which would cut the pipeline to the first pass before
// reducing, and the second crash would not be met.
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -test-written-to --strategies=failing-symbol,erase-symbols,erase-ops,inline-region,simplify-cfg,drop-args,simplify-operands,poison-to-args,simplify-attrs,run-passes,rename -o %t.mlir -v 2> %t.log > /dev/null
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: not --crash %mlir_opt -optimize-allocation-liveness -test-written-to %t.mlir -o /dev/null
// RUN: FileCheck %s --input-file=%t.mlir

// LOG: opt-reduce: test 1 [check] the module as it is: crash, interesting
// LOG: opt-reduce: test 3 [erase-symbols] erase 3 ops: #24 #29 #33: crash, interesting
// LOG-NEXT: opt-reduce: note: batch: 2 candidates tested in one tool process (--split-input-file), the last one interesting
// LOG: opt-reduce: test 4 [erase-symbols] erase 1 op: #15: crash, not interesting
// LOG-NEXT: opt-reduce: note: batch: 1 candidate tested in one tool process (--split-input-file), none interesting
// LOG-NEXT: opt-reduce: test 5 [erase-symbols] erase 1 op: #1: crash, interesting
// LOG-NEXT: opt-reduce: note: batch: 1 candidate tested in one tool process (--split-input-file), the last one interesting
// LOG-NOT: one per tool process
// LOG: opt-reduce: note: {{[0-9]+}} of {{[0-9]+}} tests ran in {{[0-9]+}} batched tool processes
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in mlir::Operation::isProperAncestor

// CHECK: func.func @m(
// CHECK-NOT: func.func
// CHECK: test.copy(

// A result accepted from a chunk after the first of its tool process (here
// erase-ops' last win, its batch's twelfth chunk) is run once plainly at
// the end.
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -test-written-to --strategies=erase-symbols,erase-ops -o %t.c.mlir -v 2> %t.c.log > /dev/null
// RUN: FileCheck %s --check-prefix=CONFIRM < %t.c.log
// CONFIRM: opt-reduce: note: batch: 12 candidates tested in one tool process (--split-input-file), the last one interesting
// CONFIRM: opt-reduce: test {{[0-9]+}} [confirm] the module as it is: crash, interesting
// CONFIRM-NOT: reduced again
// CONFIRM: signature: crash in mlir::Operation::isProperAncestor

// A tool that cannot test batches, or whose batches crash otherwise than
// its plain runs: candidates go one per tool process, and the reduction is
// the same.
// RUN: env FAKE_TOOL=no-split opt-reduce %s --tool=%S/Inputs/fake-tool.sh -optimize-allocation-liveness -test-written-to -o %t.ns.mlir -v 2> %t.ns.log > /dev/null
// RUN: FileCheck %s --check-prefix=NOSPLIT < %t.ns.log
// RUN: not --crash %mlir_opt -optimize-allocation-liveness -test-written-to %t.ns.mlir -o /dev/null
// RUN: FileCheck %s --input-file=%t.ns.mlir
// NOSPLIT: opt-reduce: note: candidates are tested one per tool process from now on: the tool did not test them as chunks of one --split-input-file run with --mlir-timing reports
// NOSPLIT-NOT: batch:
// NOSPLIT: signature: crash in mlir::Operation::isProperAncestor
// RUN: env FAKE_TOOL=batch-abort opt-reduce %s --tool=%S/Inputs/fake-tool.sh -optimize-allocation-liveness -test-written-to -o %t.ba.mlir -v 2> %t.ba.log > /dev/null
// RUN: FileCheck %s --check-prefix=ABORT < %t.ba.log
// RUN: not --crash %mlir_opt -optimize-allocation-liveness -test-written-to %t.ba.mlir -o /dev/null
// RUN: FileCheck %s --input-file=%t.ba.mlir
// ABORT: opt-reduce: note: candidates are tested one per tool process from now on: batches crashed otherwise than the crash being reduced, before any crashed that way
// ABORT-NOT: the last one interesting
// ABORT: signature: crash in mlir::Operation::isProperAncestor

func.func @test(%arg0: memref<10xf32>) {
  %c0 = arith.constant {tag = "zero"} 0 : index
  %c1 = arith.constant {tag = "one"} 1 : index
  %c10 = arith.constant {tag = "ten"} 10 : index
  %0 = memref.load %arg0[%c1] : memref<10xf32>
  %1 = memref.load %arg0[%c10] : memref<10xf32>
  %2 = memref.load %arg0[%c0] : memref<10xf32>
  %cst = arith.constant 8.000000e+00 : f32
  %3 = memref.load %arg0[%c1] : memref<10xf32>
  %4 = memref.load %arg0[%c10] : memref<10xf32>
  memref.store %0, %arg0[%c1] : memref<10xf32>
  memref.store %1, %arg0[%c10] : memref<10xf32>
  memref.store %2, %arg0[%c0] : memref<10xf32>
  return
}
func.func @m(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
  cf.cond_br %arg0, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%arg1 : memref<2xf32>)
^bb2:
  %alloc = memref.alloc() : memref<2xf32>
  test.buffer_based in(%arg1 : memref<2xf32>) out(%alloc : memref<2xf32>)
  memref.dealloc %alloc : memref<2xf32>
  cf.br ^bb3(%alloc : memref<2xf32>)
^bb3(%0: memref<2xf32>):
  test.copy(%0, %arg2) : (memref<2xf32>, memref<2xf32>)
  return
}
func.func @other(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %a : i32
  %2 = arith.subi %1, %b : i32
  return %2 : i32
}
func.func private @helper(%a: f32, %b: i32) -> f32 {
  %0 = arith.mulf %a, %a : f32
  %1 = "test.op_a"(%b) {attr = 1 : i32} : (i32) -> i32
  return %0 : f32
}
func.func @caller(%a: f32, %b: i32) -> f32 {
  %0 = func.call @helper(%a, %b) : (f32, i32) -> f32
  %1 = arith.addf %0, %a : f32
  %c = arith.constant 3 : index
  %m = memref.alloc(%c) : memref<?xf32>
  memref.store %1, %m[%c] : memref<?xf32>
  memref.dealloc %m : memref<?xf32>
  return %1 : f32
}
