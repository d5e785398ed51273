// Upstream: https://github.com/llvm/llvm-project/issues/102577 (@straight, an innocent second function, added here)
// Original command: mlir-opt --pass-pipeline="builtin.module(func.func(linalg-detensorize))" test.mlir
// MLIR 22.1 (Debian llvm-22): with threads, the verifier error ("reference to block defined in another region") and then death as the thread pool exits (heap corruption; SIGABRT 8, SIGSEGV 2 of 10 runs); --mlir-disable-threading: exit 1. irscope-opt: the same verifier error, exit 3, narrowed to pass execution #3 of 3 (@func1, as pass-execution-count=K finds: K=3) by a fresh worker that forks every trial (5 of 5), and a note when the failing worker then dies freeing the run
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
