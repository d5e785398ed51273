// Upstream: https://github.com/llvm/llvm-project/issues/221037
// Original command: mlir-opt test.mlir -canonicalize
// MLIR 22.1 (Debian llvm-22): hangs in canonicalize (killed after 10 s); fix in PR #221037 is not in 22.1
// ARGS: --pass-pipeline=builtin.module(func.func(canonicalize))
// TIMEOUT: 3

func.func @loop() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %enter = arith.cmpi sgt, %c2, %c0 : i32
  cf.cond_br %enter, ^exit, ^header(%c2 : i32)
^header(%iv: i32):
  %done = arith.cmpi eq, %iv, %c2 : i32
  cf.cond_br %done, ^exit, ^latch
^latch:
  %next = arith.addi %iv, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return
}
