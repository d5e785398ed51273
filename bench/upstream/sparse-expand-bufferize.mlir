// Upstream: https://github.com/llvm/llvm-project/issues/204712
// Original command: mlir-opt -sparsification-and-bufferization a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV in sparsification-and-bufferization (SparseExpandConverter; exit 139)
// ARGS: -sparsification-and-bufferization

#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>
module {
  func.func @sparse_expansion(%arg0: tensor<8x8xf64, #sparse>) -> index {
    %values, %filled, %added, %count = sparse_tensor.expand %arg0 : tensor<8x8xf64, #sparse> to memref<?xf64>, memref<?xi1>, memref<?xindex>
    return %count : index
  }
}
