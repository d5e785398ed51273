// Upstream: https://github.com/llvm/llvm-project/issues/126213
// Original command: mlir-opt --canonicalize test.mlir
// MLIR 22.1 (Debian llvm-22): hangs in canonicalize (killed after 10 s)
// ARGS: -canonicalize -cse
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
