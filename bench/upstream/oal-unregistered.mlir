// Upstream: https://github.com/llvm/llvm-project/issues/205982
// Original command: mlir-opt -optimize-allocation-liveness a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV in optimize-allocation-liveness (exit 139); test.* ops written in generic form here, so it needs --allow-unregistered-dialect instead of the test dialect
// ARGS: --allow-unregistered-dialect -optimize-allocation-liveness

module {
  func.func @m(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%arg1 : memref<2xf32>)
  ^bb2:  // pred: ^bb0
    %alloc = memref.alloc() : memref<2xf32>
    "test.buffer_based"(%arg1, %alloc) : (memref<2xf32>, memref<2xf32>) -> ()
    memref.dealloc %alloc : memref<2xf32>
    cf.br ^bb3(%alloc : memref<2xf32>)
  ^bb3(%0: memref<2xf32>):  // 2 preds: ^bb1, ^bb2
    "test.copy"(%0, %arg2) : (memref<2xf32>, memref<2xf32>) -> ()
    return
  }
}
