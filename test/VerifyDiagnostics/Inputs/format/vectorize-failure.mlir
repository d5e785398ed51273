// RUN: not mlir-opt %s --affine-super-vectorize=virtual-vector-size=0
// A pass that reports a bad option at the function it runs on.

func.func @with_zero_vector_size(%arg0: memref<21x12x12xi1>) {
  affine.for %arg1 = 0 to 84 step 4294967295 {
  }
  return
}
