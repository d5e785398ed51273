// Upstream: https://github.com/llvm/llvm-project/issues/205300
// Original command: mlir-opt -lift-cf-to-scf a.mlir
// MLIR 22.1 (Debian llvm-22): no crash (the assertion 'user->getNumSuccessors() == 1' is compiled out), but the pass leaves an scf.yield in an unreachable block of the func.func: verifier error ''scf.yield' op expects parent op to be one of ...' after the pass, exit 1
// ARGS: -lift-cf-to-scf

module {
  func.func @test_extra_constants(%arg0: i1) {
    %true = arith.constant true
    cf.cond_br %arg0, ^bb3, ^bb4
  ^bb1:  // 2 preds: ^bb2, ^bb3
    cf.cond_br %arg0, ^bb3, ^bb4
  ^bb2:  // pred: ^bb2
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb3:  // 4 preds: ^bb0, ^bb1, ^bb3, ^bb4
    cf.cond_br %arg0, ^bb1, ^bb3
  ^bb4:  // 3 preds: ^bb0, ^bb1, ^bb4
    cf.cond_br %arg0, ^bb3, ^bb4
  }
}
