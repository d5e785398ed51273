// Upstream: https://github.com/llvm/llvm-project/issues/159675
// Original command: mlir-opt -convert-ub-to-llvm test.mlir
// MLIR 22.1 (Debian llvm-22): hangs (killed after 60 s; upstream saw a stack overflow)
// ARGS: -convert-ub-to-llvm
// TIMEOUT: 3

"builtin.module"() ({
  %0 = "arith.addi"(%1, %0) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
  %1 = "arith.constant"() <{value = 0 : index}> : () -> index
  %2 = "arith.constant"() <{value = 1 : index}> : () -> index
}) : () -> ()
