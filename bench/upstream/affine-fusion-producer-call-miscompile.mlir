// Upstream: https://github.com/llvm/llvm-project/issues/211591
// Original command: mlir-opt dc6.mlir --pass-pipeline='builtin.module(func.func(affine-loop-fusion{mode=producer maximal}))' (the issue shows the fused IR; @opaque defined and @main added here so that it runs)
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: the consumer loop is fused into the producer loop that hands %comm to func.call @opaque, so it reads %comm before the later calls changed it; @main prints 36 before the pass and 6 after it (pass-execution #3 of 4, the pass on @control, single-threaded)
// CHECK-RESULTS: --entry=main
// ARGS: --pass-pipeline=builtin.module(func.func(affine-loop-fusion{mode=producer\ maximal}))

memref.global "private" @gin : memref<32xf64> = dense<1.0>
func.func @opaque(%m: memref<32xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f64
  scf.for %k = %c0 to %c32 step %c1 {
    %v = memref.load %m[%k] : memref<32xf64>
    %w = arith.addf %v, %one : f64
    memref.store %w, %m[%k] : memref<32xf64>
  }
  return
}
func.func @control(%in: memref<32xf64>, %comm: memref<32xf64>, %out: memref<32xf64>) {
  affine.for %i = 0 to 16 {
    %a = affine.load %in[%i] : memref<32xf64>
    %b = arith.addf %a, %a : f64
    affine.store %b, %comm[%i] : memref<32xf64>
    func.call @opaque(%comm) : (memref<32xf64>) -> ()
  }
  affine.for %j = 0 to 16 {
    %c = affine.load %comm[%j] : memref<32xf64>
    %d = arith.addf %c, %c : f64
    affine.store %d, %out[%j] : memref<32xf64>
  }
  return
}
func.func @main() {
  %in = memref.get_global @gin : memref<32xf64>
  %comm = memref.alloc() : memref<32xf64>
  %out = memref.alloc() : memref<32xf64>
  call @control(%in, %comm, %out) : (memref<32xf64>, memref<32xf64>, memref<32xf64>) -> ()
  %c0 = arith.constant 0 : index
  %r = memref.load %out[%c0] : memref<32xf64>
  vector.print %r : f64
  memref.dealloc %comm : memref<32xf64>
  memref.dealloc %out : memref<32xf64>
  return
}
