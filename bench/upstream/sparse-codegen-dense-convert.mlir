// Upstream: https://github.com/llvm/llvm-project/issues/173547
// Original command: mlir-opt -sparse-tensor-codegen test.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in mlir::Attribute::getContext while pattern SparseConvertConverter converts the dense-to-dense sparse_tensor.convert (the assertion of the report, 'Uninitialized SparseTensorEncodingAttr', is compiled out)
// ARGS: -sparse-tensor-codegen

func.func @sparse_convert_4d(%arg0: tensor<4x4x4xf32>, %arg1: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %0 = sparse_tensor.convert %arg0 : tensor<4x4x4xf32> to tensor<?x?x?xf32>
  %1 = sparse_tensor.convert %arg1 : tensor<?x?x?xf32> to tensor<?x?x?xf32>
  return %1 : tensor<?x?x?xf32>
}
