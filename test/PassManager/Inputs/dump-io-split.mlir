// Two chunks for dump-io-output.mlir: the first unrolls to a dump over the
// file size limit, the second does not.
func.func @keep(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
func.func @a(%a: i32) -> i32 {
  return %a : i32
}
func.func @b(%a: i32) -> i32 {
  return %a : i32
}
func.func @c(%a: i32) -> i32 {
  return %a : i32
}
func.func private @sink(i32)
func.func private @big(%v: i32) {
  affine.for %i = 0 to 256 {
    %w = arith.addi %v, %v : i32
    %x = arith.muli %w, %v : i32
    func.call @sink(%x) : (i32) -> ()
  }
  return
}
// -----
func.func @small(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
