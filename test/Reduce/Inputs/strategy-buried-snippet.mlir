// The crash snippet of strategy-buried.mlir: math.sqrt inside an scf.if.
func.func @buried(%x: f32, %y: f32, %c: i1) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = scf.if %c -> f32 {
    %s = math.sqrt %0 : f32
    scf.yield %s : f32
  } else {
    scf.yield %x : f32
  }
  %2 = arith.mulf %1, %x : f32
  return %2 : f32
}
