func.func @g(%x: i32, %y: i32) -> i16 {
  %c = arith.constant 5 : i16
  %a = arith.addi %x, %y : i32
  %m = arith.muli %a, %a : i32
  %t = arith.trunci %m : i32 to i16
  %s = arith.shrui %t, %t : i16
  return %s : i16
}
