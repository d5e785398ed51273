// llvm/llvm-project#205069: -convert-xegpu-to-xevm leaves an invalid
// vector.shape_cast behind (bench/upstream/xegpu-to-xevm-verifier.mlir).
module {
  func.func @non_overlapping_branches(%arg0: i1) {
    %0 = scf.if %arg0 -> (vector<[4]x[4]xf32>) {
      %1 = arm_sme.zero : vector<[4]x[4]xf32>
      scf.yield %1 : vector<[4]x[4]xf32>
    } else {
      %1 = arm_sme.get_tile : vector<[4]x[4]xf32>
      scf.yield %1 : vector<[4]x[4]xf32>
    }
    "test.some_use"(%0) : (vector<[4]x[4]xf32>) -> ()
    return
  }
}
