// Upstream: https://github.com/llvm/llvm-project/issues/203858
// Original command: mlir-opt -test-loop-unrolling a.mlir
// MLIR 22.1 (Debian llvm-22): SIGABRT (exit 134): loopUnrollByFactor reads the constant of an scf.for bound that is an unrealized cast of an emitc.constant, and libstdc++'s std::optional check aborts (the report's "expected constant loop bound" assertion is compiled out); needs mlir-opt's test pass; hand bisection (--mlir-debug-counter=pass-execution-count=K): K=0 runs, K=1 aborts
// TOOL: mlir-opt
// ARGS: -test-loop-unrolling

module {
  func.func @test_vectorize_unsupported(%arg0: memref<1x2xf16>) {
    %0 = "emitc.constant"() <{value = 2 : index}> : () -> !emitc.size_t
    %1 = builtin.unrealized_conversion_cast %0 : !emitc.size_t to index
    %2 = "emitc.constant"() <{value = 0.000000e+00 : f16}> : () -> f16
    scf.for %arg1 = %1 to %1 step %1 {
      %3 = memref.load %arg0[%arg1, %1] : memref<1x2xf16>
      %4 = emitc.add %3, %2 : (f16, f16) -> f16
      memref.store %4, %arg0[%arg1, %1] : memref<1x2xf16>
    }
    return
  }
}
