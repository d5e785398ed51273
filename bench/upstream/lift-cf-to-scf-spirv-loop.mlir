// Upstream: https://github.com/llvm/llvm-project/issues/173566
// Original command: mlir-opt -lift-cf-to-scf test.mlir
// MLIR 22.1 (Debian llvm-22): the pass fails ('Cannot convert unknown control flow op to structured control flow', exit 1) after it has already erased a block that the spirv.BranchConditional of the spirv.mlir.loop still branches to: the IR it leaves has [INVALIDBLOCK] (upstream, with assertions: abort in ~IRObjectWithUseList); irscope-opt --dump-after-each: the same error, exit 1, and a note that the worker then crashed while finishing the run (its manifest's allocations; 3 of 3)
// ARGS: -lift-cf-to-scf

module {
  pdl_interp.func @matcher(%arg0: !pdl.operation) {
    pdl_interp.finalize
  }
  module @rewriters {
  }
  func.func @subposition_loop(%arg0: index) {
    %0 = builtin.unrealized_conversion_cast %arg0 : index to i32
    %cst8_i32 = spirv.Constant 8 : i32
    %1 = spirv.Variable : !spirv.ptr<!spirv.array<64xf32>, Function>
    spirv.mlir.loop {
      spirv.Branch ^bb1(%0 : i32)
    ^bb1(%2: i32):
      %3 = spirv.SLessThan %2, %cst8_i32 : i32
      spirv.BranchConditional %3, ^bb2, ^bb3
    ^bb2:
      %4 = spirv.IAdd %2, %0 : i32
      spirv.Branch ^bb1(%4 : i32)
    ^bb3:
      spirv.mlir.merge
    }
    spirv.Return
  }
}
