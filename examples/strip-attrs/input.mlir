// An input for the strip-attrs example: annotations left by test passes.
func.func @f(%a: i32) -> i32 attributes {test.checked, irs.seen = 3 : i64} {
  %0 = arith.addi %a, %a {test.tag = "x", keep.me} : i32
  return %0 : i32
}
