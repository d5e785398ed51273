// Upstream: https://github.com/llvm/llvm-project/issues/206916
// Original command: mlir-opt -remove-dead-values a.mlir
// MLIR 22.1 (Debian llvm-22): exit 1, the IR no longer verifies after remove-dead-values ("branch has 1 operands for successor #0, but target block has 0"): the liveness analysis drops the argument of ^bb1, which the unreachable ^bb5 keeps live (the report's "expected the op to have no live results" assertion is compiled out); printing the IR after the pass dies of SIGSEGV (mlir-opt --mlir-print-ir-after-failure: exit 139); hand bisection (--mlir-debug-counter=pass-execution-count=K): K=0 passes, K=1 fails
// ARGS: -remove-dead-values

module {
  func.func @fuse(%arg0: memref<?x8x16xf32>, %arg1: memref<4x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant 1.000000e+00 : f32
    cf.br ^bb1(%c0 : index)
  ^bb1(%0: index):  // 3 preds: ^bb0, ^bb5, ^bb6
    %1 = arith.cmpi slt, %0, %c4 : index
    cf.cond_br %1, ^bb2, ^bb7
  ^bb2:  // pred: ^bb1
    cf.br ^bb3(%c0 : index)
  ^bb3(%2: index):  // 2 preds: ^bb2, ^bb4
    %3 = arith.cmpi slt, %2, %c4 : index
    cf.cond_br %3, ^bb4, ^bb6
  ^bb4:  // pred: ^bb3
    %4 = memref.load %arg0[%0, %2, %c1] : memref<?x8x16xf32>
    %5 = arith.addf %4, %cst : f32
    memref.store %5, %arg1[%0, %2] : memref<4x?xf32>
    %6 = arith.addi %2, %c1 : index
    cf.br ^bb3(%6 : index)
  ^bb5:  // no predecessors
    %7 = arith.addi %0, %c1 : index
    cf.br ^bb1(%7 : index)
  ^bb6:  // pred: ^bb3
    %8 = arith.addi %0, %c1 : index
    cf.br ^bb1(%8 : index)
  ^bb7:  // pred: ^bb1
    return
  }
}
