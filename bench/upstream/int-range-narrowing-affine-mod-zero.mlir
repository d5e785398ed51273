// Upstream: https://github.com/llvm/llvm-project/issues/206095
// Original command: mlir-opt -arith-int-range-narrowing a.mlir
// MLIR 22.1 (Debian llvm-22): SIGFPE (exit 136): IntegerRangeAnalysis infers the range of the affine.apply d0 mod s0 with s0 in [0, 0] and APInt::sdiv divides by zero (the report's "Divide by zero?" assertion is compiled out); a crash in a dataflow analysis, before any rewrite; hand bisection (--mlir-debug-counter=pass-execution-count=K): K=0 runs, K=1 crashes (apply-pattern-count=0 crashes too: no pattern to blame)
// ARGS: -arith-int-range-narrowing

#map = affine_map<() -> (12)>
#map1 = affine_map<(d0)[s0] -> (d0 * s0)>
#map2 = affine_map<(d0)[s0] -> (d0 mod s0)>
#map3 = affine_map<(d0)[s0] -> (d0 floordiv s0)>
module {
  pdl_interp.func @matcher(%arg0: !pdl.operation) {
    pdl_interp.finalize
  }
  module @rewriters {
  }
  func.func @test_vectorize_unsupported(%arg0: memref<8xf32>, %arg1: memref<8xf32>) {
    %0 = affine.load %arg0[0] : memref<8xf32>
    %1 = affine.apply #map()
    %2 = affine.load %arg0[0] : memref<8xf32>
    %3 = affine.apply #map1(%1)[%1]
    %4 = affine.load %arg0[0] : memref<8xf32>
    %5 = affine.apply #map2(%3)[%3]
    %6 = affine.load %arg0[0] : memref<8xf32>
    %7 = affine.apply #map3(%5)[%5]
    %8 = affine.load %arg0[0] : memref<8xf32>
    %9 = affine.load %arg1[0] : memref<8xf32>
    return
  }
}
