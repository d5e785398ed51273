// Upstream: https://github.com/llvm/llvm-project/issues/220819
// Original command: flang -c on subroutine div_test_half(a,b,c); complex(kind=2) :: a, b, c; real(kind=3) :: r; a = r / c; end (HLFIR here: bbc of that source)
// MLIR 22.1 (Debian flang-22): fir-to-llvm-ir reports 'cannot implicitly convert between two floating-point representations of the same bitwidth' for the complex<f16> -> complex<bf16> fir.convert, then SIGSEGV (exit 139) in LLVM::InsertValueOp::create; needs fir-opt
// TOOL: fir-opt
// ARGS: --convert-hlfir-to-fir --fir-to-llvm-ir

module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  func.func @_QPdiv_test_half(%arg0: !fir.ref<complex<f16>> {fir.bindc_name = "a"}, %arg1: !fir.ref<complex<f16>> {fir.bindc_name = "b"}, %arg2: !fir.ref<complex<f16>> {fir.bindc_name = "c"}) {
    %cst = arith.constant 0.000000e+00 : bf16
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {uniq_name = "_QFdiv_test_halfEa"} : (!fir.ref<complex<f16>>, !fir.dscope) -> (!fir.ref<complex<f16>>, !fir.ref<complex<f16>>)
    %2:2 = hlfir.declare %arg1 dummy_scope %0 arg 2 {uniq_name = "_QFdiv_test_halfEb"} : (!fir.ref<complex<f16>>, !fir.dscope) -> (!fir.ref<complex<f16>>, !fir.ref<complex<f16>>)
    %3:2 = hlfir.declare %arg2 dummy_scope %0 arg 3 {uniq_name = "_QFdiv_test_halfEc"} : (!fir.ref<complex<f16>>, !fir.dscope) -> (!fir.ref<complex<f16>>, !fir.ref<complex<f16>>)
    %4 = fir.alloca bf16 {bindc_name = "r", uniq_name = "_QFdiv_test_halfEr"}
    %5:2 = hlfir.declare %4 {uniq_name = "_QFdiv_test_halfEr"} : (!fir.ref<bf16>) -> (!fir.ref<bf16>, !fir.ref<bf16>)
    %6 = fir.load %5#0 : !fir.ref<bf16>
    %7 = fir.undefined complex<bf16>
    %8 = fir.insert_value %7, %6, [0 : index] : (complex<bf16>, bf16) -> complex<bf16>
    %9 = fir.insert_value %8, %cst, [1 : index] : (complex<bf16>, bf16) -> complex<bf16>
    %10 = fir.load %3#0 : !fir.ref<complex<f16>>
    %11 = fir.convert %10 : (complex<f16>) -> complex<bf16>
    %12 = complex.div %9, %11 fastmath<contract> : complex<bf16>
    %13 = fir.convert %12 : (complex<bf16>) -> complex<f16>
    hlfir.assign %13 to %1#0 : complex<f16>, !fir.ref<complex<f16>>
    return
  }
}
