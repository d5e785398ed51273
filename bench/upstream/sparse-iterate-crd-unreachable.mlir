// Upstream: https://github.com/llvm/llvm-project/issues/206618
// Original command: mlir-opt -lower-sparse-iteration-to-scf a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in mlir::TypeRange::dereference_iterator while pattern SparseIterateOpConverter converts the sparse_tensor.iterate with coordinates (the report's 'UNREACHABLE: Not Implemented' is compiled out)
// ARGS: -lower-sparse-iteration-to-scf

#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed) }>
module {
  func.func @m(%arg0: tensor<?x?xf64, #sparse>) {
    %0 = sparse_tensor.extract_iteration_space %arg0 lvls = 0 to 2 : tensor<?x?xf64, #sparse> -> !sparse_tensor.iter_space<#sparse, lvls = 0 to 2>
    sparse_tensor.iterate %arg3 in %0 at(%arg1, %arg2) : !sparse_tensor.iter_space<#sparse, lvls = 0 to 2>  {
    }
    return
  }
}
