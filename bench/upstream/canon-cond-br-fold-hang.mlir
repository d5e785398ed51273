// Upstream: https://github.com/llvm/llvm-project/issues/126213
// Original command: mlir-opt --canonicalize test.mlir (upstream, assertions on: 'Cannot destroy a value that still has uses' in UseDefLists.h)
// MLIR 22.1 (Debian llvm-22): hangs in canonicalize (killed after 10 s): after its last rewrite (apply-pattern #120 by the debug counter, single-threaded) the greedy driver folds an arith.addi of the unreachable loop forever; no action begins after it. Stopped after fewer rewrites (K = 52..120) it dies of SIGSEGV instead, and with --log-actions-to the log's printing of an op crashes it or moves the hang: heap-dependent
// ARGS: -canonicalize
// TIMEOUT: 3

module {
  func.func @func1() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %alloc = memref.alloc() : memref<1x1x1xi1>
    cf.cond_br %true, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%true : i1)
  ^bb2:  // pred: ^bb0
    cf.br ^bb3(%true : i1)
  ^bb3(%0: i1):  // 2 preds: ^bb1, ^bb2
    cf.br ^bb4
  ^bb4:  // pred: ^bb3
    cf.br ^bb5
  ^bb5:  // 2 preds: ^bb4, ^bb6
    cf.cond_br %0, ^bb6, ^bb7
  ^bb6:  // pred: ^bb5
    memref.store %true, %alloc[%c0, %c0, %c0] : memref<1x1x1xi1>
    cf.br ^bb5
  ^bb7:  // pred: ^bb5
    cf.br ^bb8(%c0, %true : index, i1)
  ^bb8(%1: index, %2: i1):  // 2 preds: ^bb7, ^bb9
    %3 = arith.cmpi slt, %1, %c1 : index
    cf.cond_br %3, ^bb9, ^bb10
  ^bb9:  // pred: ^bb8
    %4 = arith.addi %1, %c1 : index
    cf.br ^bb8(%4, %2 : index, i1)
  ^bb10:  // pred: ^bb8
    vector.print %2 : i1
    return
  }
}
