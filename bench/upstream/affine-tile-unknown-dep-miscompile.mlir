// Upstream: https://github.com/llvm/llvm-project/issues/210585 (@main, which fills the memrefs, calls the report's function with %p = %q = 0 and prints the sum of B, added here)
// Original command: mlir-opt reproducer.mlir -affine-loop-tile='tile-size=4'
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: dependence analysis fails on the A[p*q, i, j] accesses and affine-loop-tile tiles the nest anyway, so B[i, j] = A[z, i-1, j+1] reads some elements before the earlier row's store; @main prints 252 before the pass and 217 after it; hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=1 right, K=2 wrong (pass-execution #2 of 3, AffineLoopTiling on @unknown_dependence)
// CHECK-RESULTS: --entry=main
// ARGS: -affine-loop-tile=tile-size=4

#dynamic_index = affine_map<()[s0, s1] -> (s0 * s1)>

func.func @unknown_dependence(
    %A: memref<?x9x9xi32>, %B: memref<9x9xi32>,
    %p: index, %q: index, %value: i32) {
  affine.for %i = 1 to 8 {
    affine.for %j = 1 to 8 {
      %z = affine.apply #dynamic_index()[%p, %q]
      affine.store %value, %A[%z, %i, %j] : memref<?x9x9xi32>
      %loaded = affine.load %A[%z, %i - 1, %j + 1]
          : memref<?x9x9xi32>
      affine.store %loaded, %B[%i, %j] : memref<9x9xi32>
    }
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %seven = arith.constant 7 : i32
  %A = memref.alloc(%c1) : memref<?x9x9xi32>
  %B = memref.alloc() : memref<9x9xi32>
  affine.for %k = 0 to 9 {
    affine.for %l = 0 to 9 {
      affine.store %zero, %A[0, %k, %l] : memref<?x9x9xi32>
      affine.store %zero, %B[%k, %l] : memref<9x9xi32>
    }
  }
  call @unknown_dependence(%A, %B, %c0, %c0, %seven) : (memref<?x9x9xi32>, memref<9x9xi32>, index, index, i32) -> ()
  %sum = affine.for %k = 0 to 9 iter_args(%s = %zero) -> (i32) {
    %row = affine.for %l = 0 to 9 iter_args(%t = %s) -> (i32) {
      %v = affine.load %B[%k, %l] : memref<9x9xi32>
      %n = arith.addi %t, %v : i32
      affine.yield %n : i32
    }
    affine.yield %row : i32
  }
  vector.print %sum : i32
  memref.dealloc %A : memref<?x9x9xi32>
  memref.dealloc %B : memref<9x9xi32>
  return
}
