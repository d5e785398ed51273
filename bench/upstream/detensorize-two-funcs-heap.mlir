// Upstream: https://github.com/llvm/llvm-project/issues/102577 (@straight, an innocent second function, added here)
// Original command: mlir-opt --pass-pipeline="builtin.module(func.func(linalg-detensorize))" test.mlir
// MLIR 22.1 (Debian llvm-22): with threads, the verifier error ("reference to block defined in another region") and then SIGABRT as the thread pool exits (heap corruption; exit 134, 10 of 10 runs); --mlir-disable-threading: exit 1. irscope-opt: exit 3 with the verifier failure, narrowed to the pass execution on @func1 (hand bisection with pass-execution-count: K=3 of 3), and a note when its worker dies freeing the run
// ARGS: --pass-pipeline=builtin.module(func.func(linalg-detensorize))

module {
  func.func @straight(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    return %0 : i32
  }
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
