// Input of test/Report/from-log*.test: two functions, so that a nested
// pass dumps each one alone.
func.func @a(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.addi %x, %c0 : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func private @dead(%x: i32) -> i32 {
  return %x : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
