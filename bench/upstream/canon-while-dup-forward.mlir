// Upstream: https://github.com/llvm/llvm-project/issues/219456
// Original command: mlir-opt -canonicalize repro.mlir
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: WhileMoveIfDown binds the second scf.condition use of %value to the else value; @main returns 2 before canonicalize and 20 after (function renamed @main so it can be executed)
// CHECK-RESULTS: --entry=main
// ARGS: -canonicalize

func.func @main() -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c20 = arith.constant 20 : index
  %result:3 = scf.while (%state = %c0) : (index) -> (index, index, index) {
    %continue = arith.cmpi slt, %state, %c1 : index
    %value = scf.if %continue -> index {
      %next = arith.addi %state, %c2 : index
      scf.yield %next : index
    } else {
      scf.yield %c20 : index
    }
    scf.condition(%continue) %value, %value, %state : index, index, index
  } do {
  ^bb0(%first: index, %second: index, %old: index):
    scf.yield %second : index
  }
  return %result#2 : index
}
