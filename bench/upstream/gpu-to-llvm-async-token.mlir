// Upstream: https://github.com/llvm/llvm-project/issues/216268
// Original command: mlir-opt --gpu-to-llvm a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV in gpu-to-llvm (exit 139)
// ARGS: --gpu-to-llvm --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading

module {
  func.func @m0(%arg0: !async.token) attributes {llvm.emit_c_interface} {
    return
  }
}
