// Two chunks for verify-with-output.mlir: the first gets an llvm.add
// (the check rejects it), the second does not.
func.func @f(%a: i32) -> i32 {
  %c = arith.addi %a, %a : i32
  return %c : i32
}
// -----
func.func @g(%a: i32) -> i32 {
  %c = arith.muli %a, %a : i32
  return %c : i32
}
