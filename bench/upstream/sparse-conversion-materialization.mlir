// Upstream: https://github.com/llvm/llvm-project/issues/202787
// Original command: mlir-opt -sparse-tensor-conversion a.mlir
// MLIR 22.1 (Debian llvm-22): no crash (the report's UNREACHABLE is compiled out): the pass fails with 'failed to legalize unresolved materialization ... that remained live after conversion', exit 1; which of the two materializations is named first changes from run to run (address order): 47 and 53 in 100 runs of mlir-opt, 57 and 43 of irscope-opt
// ARGS: -sparse-tensor-conversion

#map = affine_map<(d0) -> (0, d0)>
#map1 = affine_map<(d0) -> (d0)>
#sparse = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>
module {
  func.func @main(%arg0: tensor<1x77xi1>, %arg1: tensor<1x77xi1>) -> tensor<77xi1, #sparse> {
    %0 = tensor.empty() : tensor<77xi1, #sparse>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<1x77xi1>, tensor<1x77xi1>) outs(%0 : tensor<77xi1, #sparse>) {
    ^bb0(%in: i1, %in_0: i1, %out: i1):
      %2 = arith.addi %in, %in_0 : i1
      linalg.yield %2 : i1
    } -> tensor<77xi1, #sparse>
    return %1 : tensor<77xi1, #sparse>
  }
}
