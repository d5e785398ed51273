// Upstream: https://github.com/llvm/llvm-project/issues/205281
// Original command: mlir-opt -convert-vector-to-xegpu a.mlir
// MLIR 22.1 (Debian llvm-22): SIGSEGV in convert-vector-to-xegpu (exit 139); upstream (assertions on): idx < size() failed
// ARGS: -cse -convert-vector-to-xegpu --mlir-timing

module {
  func.func @test_vector.transfer_write_f32_0d(%arg0: vector<f32>, %arg1: memref<3xf32>) attributes {llvm.emit_c_interface} {
    %0 = llvm.mlir.constant(0 : index) : i64
    %1 = builtin.unrealized_conversion_cast %0 : i64 to index
    vector.transfer_write %arg0, %arg1[%1] : vector<f32>, memref<3xf32>
    return
  }
}
