// A type alias (a tuple this long is named !tuple): every dump after the
// first is printed whole through a forked printer's file tree
// (lib/PassManager/BufferedDump.c).
!tuple = tuple<i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32>
func.func @f(%a: index, %t: !tuple) -> index {
  %0 = arith.addi %a, %a : index
  return %0 : index
}
