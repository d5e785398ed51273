// Upstream: https://github.com/llvm/llvm-project/issues/211187
// Original command: mlir-opt --sparse-tensor-codegen a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV in sparse-tensor-codegen (exit 139): tensor.insert into a sparse tensor inside an llvm.func
// ARGS: --sparse-tensor-codegen

#sparse = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 64, crdWidth = 64 }>
module {
  llvm.func @m(%arg0: f64) -> () {
    %cst = arith.constant 0.000000e+00 : f64
    %c0 = arith.constant 0 : index
    %5 = bufferization.alloc_tensor() : tensor<128x64xf64, #sparse>
    %inserted = tensor.insert %cst into %5[%c0, %c0] : tensor<128x64xf64, #sparse>
    llvm.return 
  }
}
