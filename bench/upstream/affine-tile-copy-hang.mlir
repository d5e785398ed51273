// Upstream: https://github.com/llvm/llvm-project/issues/62374
// Original command: mlir-opt test.mlir -affine-loop-tile -affine-data-copy-generate -debug
// MLIR 22.1 (Debian llvm-22): hangs in affine-data-copy-generate after affine-loop-tile (killed after 20 s); each pass alone finishes in 0.2 s
// ARGS: -affine-loop-tile -affine-data-copy-generate
// TIMEOUT: 5

#map3 = affine_map<(d0, d1) -> ((d0 * 72 + d1) floordiv 2304 + ((((d0 * 72 + d1) mod 2304) mod 1152) mod 9) floordiv 3)>
#map4 = affine_map<(d0, d1) -> ((d0 * 72 + d1) mod 2304 - (((d0 * 72 + d1) mod 2304) floordiv 1152) * 1151 - ((((d0 * 72 + d1) mod 2304) mod 1152) floordiv 9) * 9 - (((((d0 * 72 + d1) mod 2304) mod 1152) mod 9) floordiv 3) * 3)>
#map5 = affine_map<(d0, d1) -> (((((d0 * 72 + d1) mod 2304) mod 1152) floordiv 9) floordiv 8)>
func.func @main(%arg0: memref<4x4x16x1xf32>) {
  %c0 = arith.constant 0 : index
  %0 = memref.alloc() : memref<1x2x3x3x16x1xf32>
  affine.for %i0 = 0 to 64 {
    affine.for %i1 = 0 to 9 {
      %2 = affine.apply #map3(%i0, %i1)
      %3 = affine.apply #map4(%i0, %i1)
      %4 = affine.apply #map5(%i0, %i1)
      %5 = affine.load %arg0[%2, %c0, %4, %c0] : memref<4x4x16x1xf32>
    }
  }
  return
}
