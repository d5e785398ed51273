// Upstream: https://github.com/llvm/llvm-project/issues/218696
// Original command: mlir-opt repro_minimal.mlir -one-shot-bufferize=bufferize-function-boundaries -convert-linalg-to-affine-loops -affine-loop-fusion ... | mlir-runner (a tensor.pad of an all-ones 8x8 to 10x10 with 0, plus 1.0; here the IR after -convert-linalg-to-affine-loops of such a program, written for this case, and the pass nested under func.func so that it has two functions to choose from)
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: fusion moves the zero fill of the padded buffer into the consumer loop, after the memref.copy that wrote the interior, so the interior is zero again; @main prints 2 before the pass and 1 after it; hand bisection (--mlir-debug-counter=pass-execution-count=K, single-threaded): K=1 right, K=2 wrong (pass-execution #2 of 3, AffineLoopFusion on @pad_add)
// CHECK-RESULTS: --entry=main
// ARGS: --pass-pipeline=builtin.module(func.func(affine-loop-fusion))

module {
  func.func @pad_add(%arg0: memref<8x8xf32, strided<[?, ?], offset: ?>>) -> memref<10x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<10x10xf32>
    affine.for %arg1 = 0 to 10 {
      affine.for %arg2 = 0 to 10 {
        affine.store %cst, %alloc[%arg1, %arg2] : memref<10x10xf32>
      }
    }
    %subview = memref.subview %alloc[1, 1] [8, 8] [1, 1] : memref<10x10xf32> to memref<8x8xf32, strided<[10, 1], offset: 11>>
    memref.copy %arg0, %subview : memref<8x8xf32, strided<[?, ?], offset: ?>> to memref<8x8xf32, strided<[10, 1], offset: 11>>
    %alloc_1 = memref.alloc() {alignment = 64 : i64} : memref<10x10xf32>
    affine.for %arg1 = 0 to 10 {
      affine.for %arg2 = 0 to 10 {
        affine.store %cst_0, %alloc_1[%arg1, %arg2] : memref<10x10xf32>
      }
    }
    %alloc_2 = memref.alloc() {alignment = 64 : i64} : memref<10x10xf32>
    affine.for %arg1 = 0 to 10 {
      affine.for %arg2 = 0 to 10 {
        %0 = affine.load %alloc[%arg1, %arg2] : memref<10x10xf32>
        %1 = affine.load %alloc_1[%arg1, %arg2] : memref<10x10xf32>
        %2 = arith.addf %0, %1 : f32
        affine.store %2, %alloc_2[%arg1, %arg2] : memref<10x10xf32>
      }
    }
    return %alloc_2 : memref<10x10xf32>
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %cst = arith.constant 1.000000e+00 : f32
    %alloc = memref.alloc() {alignment = 64 : i64} : memref<8x8xf32>
    affine.for %arg0 = 0 to 8 {
      affine.for %arg1 = 0 to 8 {
        affine.store %cst, %alloc[%arg0, %arg1] : memref<8x8xf32>
      }
    }
    %cast = memref.cast %alloc : memref<8x8xf32> to memref<8x8xf32, strided<[?, ?], offset: ?>>
    %0 = call @pad_add(%cast) : (memref<8x8xf32, strided<[?, ?], offset: ?>>) -> memref<10x10xf32>
    %1 = memref.load %0[%c1, %c1] : memref<10x10xf32>
    vector.print %1 : f32
    return
  }
}

