func.func @g(%m: memref<8xf32>, %k: f32) {
  affine.for %i = 0 to 8 {
    %v = affine.load %m[%i] : memref<8xf32>
    %p = arith.mulf %v, %k : f32
    affine.store %p, %m[%i] : memref<8xf32>
  }
  return
}
