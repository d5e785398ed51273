// opt-reduce --tool: a real crash whose input needs mlir-opt's test dialect
// (llvm/llvm-project#205982: -optimize-allocation-liveness segfaults on the
// test.buffer_based/test.copy function below, MLIR 22.1), buried among
// functions that do not matter. irscope cannot register the test dialect;
// the tool converts the input to generic form, runs every candidate, and
// prints the result back in its custom syntax.
// RUN: opt-reduce %s --tool=%mlir_opt -optimize-allocation-liveness -o %t.mlir -v 2> %t.log
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// The result still crashes under plain mlir-opt, and reads as mlir-opt
// prints it.
// RUN: not --crash %mlir_opt -optimize-allocation-liveness %t.mlir -o /dev/null
// RUN: FileCheck %s --input-file=%t.mlir

// LOG: opt-reduce: test 1 [check] the module as it is: crash, interesting
// LOG: opt-reduce: note: strategy 'pipeline' skipped: a run of the tool does not say which step failed
// LOG: opt-reduce: note: strategy 'run-passes' skipped
// LOG: opt-reduce: done: wrote '{{.*}}' ({{[0-9]+}} tests); signature: crash in mlir::Operation::isProperAncestor

// CHECK: module {
// CHECK-NEXT: func.func @m(
// CHECK-NOT: @other
// CHECK-NOT: @helper
// CHECK: memref.alloc() : memref<2xf32>
// CHECK: test.copy(%{{.*}}, %{{.*}}) : (memref<2xf32>, memref<2xf32>)
// CHECK-NOT: "test.

func.func @other(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
func.func private @helper(%a: f32, %b: i32) -> f32 {
  %0 = arith.mulf %a, %a : f32
  %1 = "test.op_a"(%b) {attr = 1 : i32} : (i32) -> i32
  return %0 : f32
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
func.func @caller(%a: f32, %b: i32) -> f32 {
  %0 = func.call @helper(%a, %b) : (f32, i32) -> f32
  %1 = arith.addf %0, %a : f32
  return %1 : f32
}
