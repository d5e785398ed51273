// Upstream: https://github.com/llvm/llvm-project/issues/210266
// Original command: mlir-opt --convert-amdgpu-to-rocdl=chipset=gfx942 a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV (exit 139) in OperandStorage::OperandStorage while the conversion pattern PackedTrunc2xFp8OpLowering builds an llvm.bitcast of the `undef` operand (apply-pattern #1; with the debug counter at 0 the pass fails to legalize instead)
// ARGS: --convert-amdgpu-to-rocdl=chipset=gfx942

module {
  func.func @m5(%arg0: f32) -> () {
    %0 = amdgpu.packed_trunc_2xfp8 %arg0, undef into undef[word 0] : f32 to vector<4xf8E4M3FN>
    return 
  }
}
