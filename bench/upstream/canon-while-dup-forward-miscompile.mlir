// Upstream: https://github.com/llvm/llvm-project/issues/219456 (@main, which calls the report's function and prints its result, added here)
// Original command: mlir-opt -canonicalize repro.mlir
// MLIR 22.1 (Debian llvm-22): miscompile, verifier-clean: WhileMoveIfDown binds the second scf.condition operand forwarded from one scf.if to the if's else value; @main prints 2 before the pass and 20 after it; hand bisection (--mlir-debug-counter=apply-pattern-count=K, single-threaded): K=3 right, K=4 wrong (WhileMoveIfDown on the scf.while)
// CHECK-RESULTS: --entry=main
// ARGS: -canonicalize

func.func @duplicate_forward() -> index {
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
func.func @main() {
  %r = call @duplicate_forward() : () -> index
  vector.print %r : index
  return
}
