// https://github.com/llvm/llvm-project/issues/219456
// scf.while's WhileMoveIfDown canonicalization binds the second forwarded
// use of one scf.if result to the if's else value: @duplicate_forward
// returns 2, after -canonicalize 20. Reproduces with MLIR 22.1.8.
// PIPELINE: builtin.module(cse,loop-invariant-code-motion,canonicalize,cse,symbol-dce)
// CULPRIT: canonicalize
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
