// Input of emit-lit-test-read-flags.mlir: irs-test-crash crashes where an
// op of the IRDL dialect irs_test is, so the reduced case keeps one.
func.func @f(%a: i32) {
  %b = "irs_test.wrap"(%a) : (i32) -> !irs_test.box<i32>
  "irs_test.sink"(%b) : (!irs_test.box<i32>) -> ()
  return
}
func.func @g(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
