// Upstream: https://github.com/llvm/llvm-project/issues/173553
// Original command: mlir-opt -nvgpu-optimize-shared-memory test.mlir
// MLIR 22.1 (Debian llvm-22): SIGFPE (exit 136, an integer division by zero) in nvgpu::optimizeSharedMemoryReadsAndWrites on the zero-sized memref<0xf32, 3> alloc; a module pass that applies no pattern; hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=0 runs, K=1 crashes (OptimizeSharedMemory on builtin.module)
// ARGS: -nvgpu-optimize-shared-memory

module {
  pdl_interp.func @matcher(%arg0: !pdl.operation) {
    pdl_interp.finalize
  }
  module @rewriters {
  }
  func.func @memref_size0_rhs_index0() {
    %alloc = memref.alloc() : memref<0xf32, 3>
    %alloc_0 = memref.alloc() : memref<0xf32, 0>
    %alloc_1 = memref.alloc() : memref<0xf32, 0>
    return
  }
}
