// Upstream: https://github.com/llvm/llvm-project/issues/108364
// Original command: mlir-opt -buffer-loop-hoisting a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV in buffer-loop-hoisting (hoistBuffersFromLoops; exit 139) on a CFG loop whose blocks ^bb3/^bb4 are unreachable
// ARGS: -buffer-loop-hoisting

module attributes {llvm.data_layout = ""} {
  func.func @nested(%arg0: i1, %arg1: memref<2xf32>, %arg2: memref<2xf32>) {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred:^bb0
    cf.br ^bb2
  ^bb2:  // 2 predecessors, ^bb0 and ^bb1, 2 successors: ^bb3, ^bb4
    cf.br ^bb2
  ^bb3:  // pred:^bb2
    %alloc = memref.alloc() : memref<2xf32>
    memref.dealloc %alloc : memref<2xf32>
    cf.br ^bb2
  ^bb4:  // pred:^bb2
    %alloc_0 = memref.alloc() : memref<2xf32>
    memref.dealloc %alloc_0 : memref<2xf32>
    cf.br ^bb2
  }
}
