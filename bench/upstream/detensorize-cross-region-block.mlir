// Upstream: https://github.com/llvm/llvm-project/issues/102577
// Original command: mlir-opt --pass-pipeline="builtin.module(func.func(linalg-detensorize))" test.mlir
// MLIR 22.1 (Debian llvm-22): exit 1, the pass leaves a cf.cond_br naming a block of another region ("reference to block defined in another region"); nested under func.func
// ARGS: --pass-pipeline=builtin.module(func.func(linalg-detensorize))

module {
  func.func private @func1() {
    %true_20 = arith.constant true
    cf.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb2
    cf.cond_br %true_20, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    cf.br ^bb1
  ^bb3:  // pred: ^bb1
    return
  }
}
