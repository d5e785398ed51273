// In tool mode, once erase-symbols has erased a chunk of top-level ops, the
// rest of that chunk size goes first as one candidate: the functions around
// the one that crashes are independent, and the rest at once ends the
// granularity in the same tool process rather than one process per chunk
// that goes (each is an edit of the module the last one left).
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness --strategies=erase-symbols -o %t.mlir -v 2>&1 | FileCheck %s
// CHECK: test 5 [erase-symbols] erase 1 op: #18: ok, not interesting
// CHECK-NEXT: test 6 [erase-symbols] erase 1 op: #10: crash, interesting
// CHECK: test 7 [erase-symbols] erase 2 ops: #1 #6: crash, interesting
// CHECK-NEXT: batch: 1 candidate tested in one tool process
// CHECK-NOT: [erase-symbols] erase 1 op
// CHECK: ops: 27 -> 10
// RUN: not --crash %mlir_opt -optimize-allocation-liveness %t.mlir -o /dev/null

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
