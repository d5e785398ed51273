// Input of compare.test: @add's additions survive canonicalize and cse,
// so irs-test-miscompile{func=add} has something to turn into subtractions.
func.func @add(%a: i32, %b: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %x = arith.addi %a, %c0 : i32
  %y = arith.addi %x, %b : i32
  %z = arith.addi %x, %b : i32
  %r = arith.muli %y, %z : i32
  return %r : i32
}

func.func private @unused() -> i32 {
  %c1 = arith.constant 1 : i32
  return %c1 : i32
}

func.func @main(%a: i32) -> i32 {
  %r = call @add(%a, %a) : (i32, i32) -> i32
  return %r : i32
}
