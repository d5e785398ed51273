// Upstream: https://github.com/llvm/llvm-project/issues/205060
// Original command: mlir-opt -test-convert-to-spirv a.mlir (upstream, assertions on: 'expected string value for non-DenseElementType element' in DenseElementsAttr::get)
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in hash_combine_range_impl under DenseElementsAttr::get / Builder::getZeroAttr on a tensor of vectors, only with threads on: 3 of 3 runs crash threaded, 0 of 3 with --mlir-disable-threading (or with --log-actions-to), so no debug-counter narrowing single-threaded; needs mlir-opt's test pass
// TOOL: mlir-opt
// ARGS: -test-convert-to-spirv

module {
  func.func @test_vectorize_copy(%arg0: tensor<8x8xvector<4xi8>>, %arg1: tensor<8x8xvector<4xi8>>) -> tensor<8x8xvector<4xi8>> {
    %0 = linalg.copy ins(%arg0 : tensor<8x8xvector<4xi8>>) outs(%arg1 : tensor<8x8xvector<4xi8>>) -> tensor<8x8xvector<4xi8>>
    return %0 : tensor<8x8xvector<4xi8>>
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
      %0 = transform.structured.match ops{["linalg.copy"]} in %arg0 : (!transform.any_op) -> !transform.any_op
      transform.structured.vectorize %0 : !transform.any_op
      transform.yield 
    }
  }
}
