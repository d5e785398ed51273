// Upstream: https://github.com/llvm/llvm-project/issues/180312
// Original command: mlir-opt --arith-int-range-narrowing temp.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in IntegerRangeAnalysis::visitNonControlFlowArguments on the affine.for whose upper bound is the tensor.dim of a tensor.generate (the report's std::optional assertion is compiled out); fixed upstream after 22.1; hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=1 (the func.func adaptor) runs, K=2 crashes
// ARGS: --pass-pipeline=builtin.module(func.func(arith-int-range-narrowing))

module {
  func.func @main() {
    %0 = gpu.global_id  x
    %1 = gpu.block_id  x
    %2 = tensor.generate %1 {
      ^bb0(%arg0: index):
      %3 = arith.addi %arg0, %0 : index
      %4 = arith.index_cast %3 : index to i32
      tensor.yield %4 : i32
    } : tensor<?xi32>
    %5 = tensor.dim %2, %0 : tensor<?xi32>
    %6 = affine.for %arg0 = 0 to %5 iter_args(%arg1 = %0) -> (index) {
      affine.yield %arg0 : index
    }
    return
  }
}
