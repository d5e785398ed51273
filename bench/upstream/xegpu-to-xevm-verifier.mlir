// Upstream: https://github.com/llvm/llvm-project/issues/205069
// Original command: mlir-opt -convert-xegpu-to-xevm a.mlir
// MLIR 22.1 (Debian llvm-22): the pass leaves an invalid vector.shape_cast behind: verifier error after the pass, exit 1 (upstream, with assertions: abort in DialectConversion)
// ARGS: --allow-unregistered-dialect -convert-xegpu-to-xevm

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
