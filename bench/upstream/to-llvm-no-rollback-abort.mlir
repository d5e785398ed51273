// Upstream: https://github.com/llvm/llvm-project/issues/205702
// Original command: mlir-opt -convert-to-llvm=allow-pattern-rollback=0 a.mlir
// MLIR 22.1 (Debian llvm-22): LLVM ERROR: op 'shape.cstr_eq' folder rollback of IR modifications requested (SIGABRT, exit 134)
// ARGS: -convert-to-llvm=allow-pattern-rollback=0 --mlir-print-ir-before-all

module {
  func.func @m0() {
    %0 = shape.const_shape [1, 2] : !shape.shape
    %1 = shape.cstr_eq %0 : !shape.shape
    return
  }
}
