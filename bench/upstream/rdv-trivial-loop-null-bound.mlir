// Upstream: https://github.com/llvm/llvm-project/issues/206920
// Original command: mlir-opt -remove-dead-values a.mlir (upstream, assertions on: Assertion `value' failed in Matchers.h)
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in mlir::constantTripCount: remove-dead-values drops the operands of the second scf.for and its cleanup's SimplifyTrivialLoops reads the null bound (apply-pattern #1; with the debug counter at 0: 'null operand found')
// ARGS: -remove-dead-values

module {
  func.func private @fold_vector_transfer(%arg0: index, %arg1: memref<?xf32>, %arg2: index, %arg3: index) {
    %cst = arith.constant 0.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    scf.for %arg4 = %c0 to %c10 step %c1 {
      %0 = memref.load %arg1[%arg4] : memref<?xf32>
      gpu.barrier
    }
    scf.for %arg4 = %c0 to %arg3 step %c1 {
      %0 = memref.load %arg1[%arg4] : memref<?xf32>
      gpu.barrier
    }
    return
  }
}
