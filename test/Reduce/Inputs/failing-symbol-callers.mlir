func.func private @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @main() -> i32 {
  %c = arith.constant 3 : i32
  %0 = call @f(%c) : (i32) -> i32
  return %0 : i32
}
func.func private @dead(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  %1 = arith.subi %0, %x : i32
  %2 = arith.addi %1, %x : i32
  return %2 : i32
}
