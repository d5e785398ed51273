// opt-reduce --tool on a crash, with the tool's fork server: a list of one
// candidate is a batch of one (the candidates are printed by opt-reduce
// itself and the tool's fork is watched without a worker of opt-reduce's);
// a list of which no candidate applies and verifies runs no tool at all.
// The verdicts, the result and the signature are those of exec mode,
// where each batch's tool is exec'd by a worker.
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -o %t.mlir -v 2> %t.log
// RUN: FileCheck %s < %t.log
// RUN: not --crash %mlir_opt -optimize-allocation-liveness %t.mlir -o /dev/null
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -o %t.exec.mlir -v --tool-fork-server=0 2> %t.exec.log
// RUN: FileCheck %s < %t.exec.log
// RUN: diff %t.mlir %t.exec.mlir
// RUN: grep '^opt-reduce: test ' %t.log | sed 's/ ([0-9]* ms)$//' > %t.tests
// RUN: grep '^opt-reduce: test ' %t.exec.log | sed 's/ ([0-9]* ms)$//' > %t.exec.tests
// RUN: diff %t.tests %t.exec.tests

// CHECK: opt-reduce: test 1 [check] the module as it is: crash, interesting
// CHECK: opt-reduce: test {{[0-9]+}} [drop-args] drop argument 0 of block 0 of region 0 of op #1: invalid, not interesting
// CHECK-NEXT: opt-reduce: note: batch: {{[0-9]+}} candidates, none valid: the tool was not run
// CHECK: opt-reduce: test {{[0-9]+}} [rename] every location unknown: crash, interesting
// CHECK-NEXT: opt-reduce: note: batch: 1 candidate tested in one tool process (--split-input-file), the last one interesting
// CHECK-NOT: one per tool process
// CHECK: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in mlir::Operation::isProperAncestor

func.func @other(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
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
