// Input of report-chart.mlir: the dialects of report-chart.mlir's module,
// with math in the minority.
func.func @f(%a: f32, %n: index) -> f32 {
  %0 = math.sqrt %a : f32
  %1 = arith.addf %0, %0 : f32
  %2 = arith.mulf %1, %1 : f32
  %3 = arith.negf %2 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %3) -> f32 {
    %y = math.cos %x : f32
    scf.yield %y : f32
  }
  return %r : f32
}
