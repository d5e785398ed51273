func.func @f(%x: i32, %lb: index, %ub: index, %s: index) {
  %a = arith.addi %x, %x : i32
  scf.for %i = %lb to %ub step %s {
    %b = arith.addi %x, %x : i32
    scf.for %j = %lb to %ub step %s {
      %c = arith.addi %x, %x : i32
      %m = arith.muli %x, %x : i32
      %d = arith.addi %m, %x : i32
    }
    %e = arith.addi %b, %x : i32
  }
  return
}
