// Upstream: https://github.com/llvm/llvm-project/issues/204295
// Original command: mlir-opt -generate-runtime-verification a.mlir (upstream, assertions on: 'scf.yield created with unregistered dialect')
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in Operation::create under cf::AssertOp::create: the memref.subview check builds scf ops in a context that has not loaded scf (upstream's assertion: 'scf.yield created with unregistered dialect'); with scf loaded (an scf op in the input, or a pass that depends on scf later in the pipeline) it runs; a module pass that applies no pattern; hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=0 runs, K=1 crashes (GenerateRuntimeVerification on builtin.module)
// ARGS: -generate-runtime-verification

module {
  func.func @fold_store_keep_nontemporal(%arg0: memref<12x32xf32>, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: f32) {
    %subview = memref.subview %arg0[%arg1, %arg2] [4, 4] [2, 3] : memref<12x32xf32> to memref<4x4xf32, strided<[64, 3], offset: ?>>
    return
  }
}
