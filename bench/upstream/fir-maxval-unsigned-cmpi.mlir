// Upstream: https://github.com/llvm/llvm-project/issues/218926
// Original command: flang -O3 -funsigned -c repro.f90 on program p; unsigned :: w(3), x; w = 1u; x = maxval(w); print *, x; end (HLFIR here: flang-22 -O1 -funsigned's IR before simplify-hlfir-intrinsics)
// MLIR 22.1 (Debian flang-22): exit 1, simplify-hlfir-intrinsics inlines the unsigned MAXVAL with arith.cmpi on ui32 ("operand #0 must be signless-integer-like"); needs fir-opt
// TOOL: fir-opt
// ARGS: --simplify-hlfir-intrinsics

module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", fir.target_cpu = "x86-64", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  func.func @_QQmain() attributes {fir.bindc_name = "P"} {
    %c5_i32 = arith.constant 5 : i32
    %c6_i32 = arith.constant 6 : i32
    %c1_i32 = arith.constant 1 : i32
    %c3 = arith.constant 3 : index
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca !fir.array<3xui32> {bindc_name = "w", uniq_name = "_QFEw"}
    %2 = fir.shape %c3 : (index) -> !fir.shape<1>
    %3:2 = hlfir.declare %1(%2) {uniq_name = "_QFEw"} : (!fir.ref<!fir.array<3xui32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<3xui32>>, !fir.ref<!fir.array<3xui32>>)
    %4 = fir.alloca ui32 {bindc_name = "x", uniq_name = "_QFEx"}
    %5:2 = hlfir.declare %4 {uniq_name = "_QFEx"} : (!fir.ref<ui32>) -> (!fir.ref<ui32>, !fir.ref<ui32>)
    %6 = fir.convert %c1_i32 : (i32) -> ui32
    hlfir.assign %6 to %3#0 : ui32, !fir.ref<!fir.array<3xui32>>
    %7 = hlfir.maxval %3#0 {fastmath = #arith.fastmath<contract>} : (!fir.ref<!fir.array<3xui32>>) -> ui32
    hlfir.assign %7 to %5#0 : ui32, !fir.ref<ui32>
    %8 = fir.address_of(@_QQclX2F746D702F73322F6D617876616C2E66393000) : !fir.ref<!fir.char<1,19>>
    %9 = fir.convert %8 : (!fir.ref<!fir.char<1,19>>) -> !fir.ref<i8>
    %10 = fir.call @_FortranAioBeginExternalListOutput(%c6_i32, %9, %c5_i32) fastmath<contract> : (i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %11 = fir.embox %5#0 : (!fir.ref<ui32>) -> !fir.box<ui32>
    %12 = fir.convert %11 : (!fir.box<ui32>) -> !fir.box<none>
    %13 = fir.call @_FortranAioOutputDescriptor(%10, %12) fastmath<contract> : (!fir.ref<i8>, !fir.box<none>) -> i1
    %14 = fir.call @_FortranAioEndIoStatement(%10) fastmath<contract> : (!fir.ref<i8>) -> i32
    return
  }
  func.func private @_FortranAioBeginExternalListOutput(i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX2F746D702F73322F6D617876616C2E66393000 constant : !fir.char<1,19> {
    %0 = fir.string_lit "/tmp/s2/maxval.f90\00"(19) : !fir.char<1,19>
    fir.has_value %0 : !fir.char<1,19>
  }
  func.func private @_FortranAioOutputDescriptor(!fir.ref<i8>, !fir.box<none>) -> i1 attributes {fir.io, fir.runtime}
  func.func private @_FortranAioEndIoStatement(!fir.ref<i8>) -> i32 attributes {fir.io, fir.runtime}
  func.func private @_FortranAProgramStart(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr)
  func.func private @_FortranAProgramEndStatement()
  func.func @main(%arg0: i32, %arg1: !llvm.ptr, %arg2: !llvm.ptr) -> i32 {
    %c0_i32 = arith.constant 0 : i32
    %0 = fir.zero_bits !fir.ref<tuple<i32, !fir.ref<!fir.array<0xtuple<!fir.ref<i8>, !fir.ref<i8>>>>>>
    fir.call @_FortranAProgramStart(%arg0, %arg1, %arg2, %0) fastmath<contract> : (i32, !llvm.ptr, !llvm.ptr, !fir.ref<tuple<i32, !fir.ref<!fir.array<0xtuple<!fir.ref<i8>, !fir.ref<i8>>>>>>) -> ()
    fir.call @_QQmain() fastmath<contract> : () -> ()
    fir.call @_FortranAProgramEndStatement() fastmath<contract> : () -> ()
    return %c0_i32 : i32
  }
}


