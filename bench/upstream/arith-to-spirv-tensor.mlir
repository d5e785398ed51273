// Upstream: https://github.com/llvm/llvm-project/issues/205233
// Original command: mlir-opt -convert-arith-to-spirv a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV in convert-arith-to-spirv (exit 139)
// ARGS: --pass-pipeline=builtin.module(func.func(convert-arith-to-spirv))

module  {
  func.func @m(%arg0: tensor<8xi8>) -> () {
    %1 = arith.extui %arg0 : tensor<8xi8> to tensor<8xi32>
    return
  }
}
