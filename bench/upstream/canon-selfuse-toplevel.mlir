// Upstream: https://github.com/llvm/llvm-project/issues/159675
// Original command: mlir-opt -canonicalize (IR from the maintainer's comment)
// MLIR 22.1 (Debian llvm-22): hangs in canonicalize (killed after 10 s)
// ARGS: --canonicalize --mlir-print-ir-after-all
// TIMEOUT: 3

module {
  %c0 = arith.constant 0 : index
  %0 = arith.addi %c0, %0 : index
}
