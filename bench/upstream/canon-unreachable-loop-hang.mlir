// Upstream: https://github.com/llvm/llvm-project/pull/221152 (reproducer in the PR description)
// Original command: mlir-opt test.mlir -canonicalize
// MLIR 22.1 (Debian llvm-22): hangs in canonicalize (killed after 10 s): folding %true makes the loop unreachable while the worklist runs, arith.addi then folds into itself forever
// ARGS: -canonicalize
// TIMEOUT: 3

func.func @loop(%cond: i1, %init: i32) {
  %true = arith.constant true
  %c1 = arith.constant 1 : i32
  cf.cond_br %true, ^exit, ^header(%init : i32)
^header(%iv: i32):
  cf.cond_br %cond, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return
}
