// Upstream: https://github.com/llvm/llvm-project/issues/137281
// Original command: mlir-opt --int-range-optimizations a.mlir, then lowered and run with mlir-runner
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: the block argument %76 is replaced by the wrong constant; @main prints %266=52 before the pass and %266=4 after it, or %266=35 (the pass's output differs from run to run, 2 of 12 mlir-opt runs: irscope-opt --check-determinism exits 8 on it, 5 of 5); hand bisection (--mlir-debug-counter=apply-pattern-count=K, single-threaded): K=33 right, K=34 wrong
// CHECK-RESULTS: --entry=main
// ARGS: --int-range-optimizations

module {
  func.func @main() {
    %false = arith.constant false
    %c8_i32 = arith.constant 8 : i32
    %20 = arith.trunci %c8_i32 : i32 to i6
    %35 = arith.constant 35 : i63
    %36 = arith.constant 36 : i64
    %sum_2, %overflow_3 = arith.addui_extended %false, %false : i1, i1
    cf.cond_br %false, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%35, %36, %20 : i63, i64, i6)
  ^bb2:  // pred: ^bb0
    %c4_i64 = arith.constant 4 : i64
    cf.br ^bb3(%35, %c4_i64, %20 : i63, i64, i6)
  ^bb3(%73: i63, %74: i64, %75: i6):  // 2 preds: ^bb1, ^bb2
    cf.br ^bb4
  ^bb4:  // pred: ^bb3
    cf.cond_br %sum_2, ^bb5, ^bb6
  ^bb5:  // pred: ^bb4
    %c-7668919674129928000_i64 = arith.constant -7668919674129928000 : i64
    cf.br ^bb7(%c-7668919674129928000_i64 : i64)
  ^bb6:  // pred: ^bb4
    %c52_i64 = arith.constant 52 : i64
    cf.br ^bb7(%c52_i64 : i64)
  ^bb7(%76: i64):  // 2 preds: ^bb5, ^bb6
    cf.br ^bb8
  ^bb8:  // pred: ^bb7
    vector.print str "%266="
    vector.print %76 : i64
    return
  }
}
