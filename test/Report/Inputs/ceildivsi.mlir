// Input of compare-versions.test: arith.ceildivsi, which arith-expand
// lowers differently in MLIR 19 and MLIR 22.
func.func @f(%a: i32, %b: index) -> (i32, index) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : index
  %x = arith.addi %a, %c0 : i32
  %y = arith.muli %x, %x : i32
  %z = arith.ceildivsi %y, %x : i32
  %i = arith.addi %b, %c1 : index
  %j = arith.subi %i, %c1 : index
  return %z, %j : i32, index
}
