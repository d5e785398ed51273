// Upstream: https://github.com/llvm/llvm-project/issues/205706
// Original command: mlir-opt -sparsification=sparse-emit-strategy=sparse-iterator a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV in sparsification (exit 139)
// ARGS: -sparsification=sparse-emit-strategy=sparse-iterator

#map = affine_map<(d0, d1) -> (d0, d1)>
#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>
module {
  func.func @m0(%arg0: tensor<4x4xf32>) -> tensor<4x4xf32, #sparse> {
    %0 = tensor.empty() : tensor<4x4xf32, #sparse>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0 : tensor<4x4xf32>) outs(%0 : tensor<4x4xf32, #sparse>) attrs =  {sorted = true} {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<4x4xf32, #sparse>
    return %1 : tensor<4x4xf32, #sparse>
  }
}
