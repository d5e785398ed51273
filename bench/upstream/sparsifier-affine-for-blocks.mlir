// Upstream: https://github.com/llvm/llvm-project/issues/217895
// Original command: mlir-opt small.mlir --sparsifier -o /dev/null
// MLIR 22.1 (Debian llvm-22): the sparsifier pipeline's convert-scf-to-cf leaves blocks in the affine.for: mlir-opt's verifier after that pass reports ''affine.for' op expects region #0 to have 0 or 1 blocks', exit 1 (a registered pass pipeline: one step to irscope, twenty passes to MLIR)
// ARGS: --sparsifier

func.func @f(%c: i1) -> i64 {
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r = affine.for %i = 0 to 4 iter_args(%acc = %z) -> i64 {
    %v = scf.if %c -> i64 {
      %s = arith.addi %acc, %one : i64
      scf.yield %s : i64
    } else {
      scf.yield %acc : i64
    }
    affine.yield %v : i64
  }
  return %r : i64
}
