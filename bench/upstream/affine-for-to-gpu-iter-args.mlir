// Upstream: https://github.com/llvm/llvm-project/issues/116044
// Original command: mlir-opt test.mlir -pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=0}))" (@fill, a function the pass converts cleanly, added here: the narrowing through --tool then has two functions to choose from)
// MLIR 22.1 (Debian llvm-22): the pass rewrites @main's affine.for with iter_args and leaves its arith.addf using a value that no longer exists: the verifier after the pass dies in arith::AddFOp::verifyInvariantsImpl, SIGSEGV (exit 139); with --verify-each=0 the printer dies the same way (upstream, with assertions: "Cannot destroy a value that still has uses!"); hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=2 clean, K=3 crashes (the pass on @main; 1 is the adaptor)
// ARGS: --pass-pipeline=builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1\ gpu-thread-dims=0}))

module {
  func.func @fill(%m: memref<1024xf32>, %v: f32) {
    affine.for %i = 0 to 1024 {
      affine.store %v, %m[%i] : memref<1024xf32>
    }
    return
  }
  func.func @main() {
    %alloca = memref.alloca() : memref<1024xf32>
    %c10 = arith.constant 10 : index
    %cst = arith.constant 0.000000e+00 : f32
    %1 = affine.for %arg0 = 0 to %c10 iter_args(%arg1 = %cst) -> (f32) {
      %6 = affine.load %alloca[%arg0] : memref<1024xf32>
      %7 = arith.addf %arg1, %6 : f32
      affine.yield %7 : f32
    }
    return
  }
}
