// A small module for the demo: helpers to inline, loop-invariant work,
// redundant arithmetic and a dead function.
func.func private @scale(%x: i32, %k: i32) -> i32 {
  %0 = arith.muli %x, %k : i32
  return %0 : i32
}

func.func private @unused(%x: i32) -> i32 {
  return %x : i32
}

func.func @sum(%buf: memref<16xi32>, %n: index, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %kk = arith.muli %k, %k : i32
    %v = memref.load %buf[%i] : memref<16xi32>
    %s = func.call @scale(%v, %kk) : (i32, i32) -> i32
    %t = arith.addi %s, %zero : i32
    %u = arith.addi %acc, %t : i32
    scf.yield %u : i32
  }
  %same = arith.addi %r, %zero : i32
  return %same : i32
}
