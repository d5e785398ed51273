func.func @f(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
