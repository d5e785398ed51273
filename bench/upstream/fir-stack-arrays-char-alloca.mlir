// Upstream: https://github.com/llvm/llvm-project/issues/182436
// Original command: flang sample.f90 -fstack-arrays -O1 on subroutine tt(cc); character*(*),optional,pointer::cc(:); print *, reshape(cc,(/1/)); end (FIR here: flang-22 -O1 -fstack-arrays's IR before stack-arrays, for @_QPtt)
// MLIR 22.1 (Debian flang-22): stack-arrays turns the character temporary into a fir.alloca that fir-to-llvm-ir's AllocaOpConversion dies on: SIGSEGV (exit 139); without --stack-arrays the pipeline succeeds; needs fir-opt, which nests --stack-arrays under func.func
// TOOL: fir-opt
// ARGS: --stack-arrays --cfg-conversion --cg-rewrite --target-rewrite --fir-to-llvm-ir

module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", fir.target_cpu = "x86-64", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  func.func @_QPtt(%arg0: !fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>> {fir.bindc_name = "cc", fir.optional}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3_i32 = arith.constant 3 : i32
    %c6_i32 = arith.constant 6 : i32
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.is_present %arg0 : (!fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>>) -> i1
    %2 = fir.if %1 -> (index) {
      %22 = fir.load %arg0 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>>
      %23 = fir.box_elesize %22 : (!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>) -> index
      fir.result %23 : index
    } else {
      %22 = fir.undefined index
      fir.result %22 : index
    }
    %3 = fir.declare %arg0 typeparams %2 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<optional, pointer>, uniq_name = "_QFttEcc"} : (!fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>>, index, !fir.dscope) -> !fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>>
    %4 = fir.address_of(@_QQclX2F746D702F73772F663138323433362E66393000) : !fir.ref<!fir.char<1,20>>
    %5 = fir.convert %4 : (!fir.ref<!fir.char<1,20>>) -> !fir.ref<i8>
    %6 = fir.call @_FortranAioBeginExternalListOutput(%c6_i32, %5, %c3_i32) fastmath<contract> : (i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %7 = fir.address_of(@_QQro.1xi4.0) : !fir.ref<!fir.array<1xi32>>
    %8 = fir.shape %c1 : (index) -> !fir.shape<1>
    %9 = fir.declare %7(%8) {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQro.1xi4.0"} : (!fir.ref<!fir.array<1xi32>>, !fir.shape<1>) -> !fir.ref<!fir.array<1xi32>>
    %10 = fir.load %3 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>>
    %11 = fir.array_coor %9(%8) %c1 : (!fir.ref<!fir.array<1xi32>>, !fir.shape<1>, index) -> !fir.ref<i32>
    %12 = fir.load %11 : !fir.ref<i32>
    %13 = fir.shape %12 : (i32) -> !fir.shape<1>
    %14 = fir.convert %12 : (i32) -> index
    %15 = fir.allocmem !fir.array<1x!fir.char<1,?>>(%2 : index) {bindc_name = ".tmp.array", uniq_name = ""}
    %16 = fir.declare %15(%13) typeparams %2 {uniq_name = ".tmp.array"} : (!fir.heap<!fir.array<1x!fir.char<1,?>>>, !fir.shape<1>, index) -> !fir.heap<!fir.array<1x!fir.char<1,?>>>
    fir.do_loop %arg1 = %c1 to %14 step %c1 unordered {
      %22:3 = fir.box_dims %10, %c0 : (!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>, index) -> (index, index, index)
      %23 = arith.subi %22#0, %c1 overflow<nuw> : index
      %24 = arith.addi %arg1, %23 overflow<nuw> : index
      %25 = fir.shift %22#0 : (index) -> !fir.shift<1>
      %26 = fir.array_coor %10(%25) %24 : (!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>, !fir.shift<1>, index) -> !fir.ref<!fir.char<1,?>>
      %27 = fir.emboxchar %26, %2 : (!fir.ref<!fir.char<1,?>>, index) -> !fir.boxchar<1>
      %28 = fir.array_coor %16(%13) %arg1 typeparams %2 : (!fir.heap<!fir.array<1x!fir.char<1,?>>>, !fir.shape<1>, index, index) -> !fir.ref<!fir.char<1,?>>
      %29 = fir.emboxchar %28, %2 : (!fir.ref<!fir.char<1,?>>, index) -> !fir.boxchar<1>
      %30:2 = fir.unboxchar %27 : (!fir.boxchar<1>) -> (!fir.ref<!fir.char<1,?>>, index)
      %31:2 = fir.unboxchar %29 : (!fir.boxchar<1>) -> (!fir.ref<!fir.char<1,?>>, index)
      %32 = fir.convert %2 : (index) -> i64
      %33 = fir.convert %31#0 : (!fir.ref<!fir.char<1,?>>) -> !llvm.ptr
      %34 = fir.convert %30#0 : (!fir.ref<!fir.char<1,?>>) -> !llvm.ptr
      "llvm.intr.memmove"(%33, %34, %32) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    }
    %17 = fir.convert %16 : (!fir.heap<!fir.array<1x!fir.char<1,?>>>) -> !fir.ref<!fir.array<1x!fir.char<1,?>>>
    %18 = fir.embox %17(%8) typeparams %2 : (!fir.ref<!fir.array<1x!fir.char<1,?>>>, !fir.shape<1>, index) -> !fir.box<!fir.array<1x!fir.char<1,?>>>
    %19 = fir.convert %18 : (!fir.box<!fir.array<1x!fir.char<1,?>>>) -> !fir.box<none>
    %20 = fir.call @_FortranAioOutputDescriptor(%6, %19) fastmath<contract> : (!fir.ref<i8>, !fir.box<none>) -> i1
    fir.freemem %16 : !fir.heap<!fir.array<1x!fir.char<1,?>>>
    %21 = fir.call @_FortranAioEndIoStatement(%6) fastmath<contract> : (!fir.ref<i8>) -> i32
    return
  }
  func.func private @_FortranAioBeginExternalListOutput(i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX2F746D702F73772F663138323433362E66393000 constant : !fir.char<1,20> {
    %0 = fir.string_lit "/tmp/sw/f182436.f90\00"(20) : !fir.char<1,20>
    fir.has_value %0 : !fir.char<1,20>
  }
  func.func private @_FortranAioOutputDescriptor(!fir.ref<i8>, !fir.box<none>) -> i1 attributes {fir.io, fir.runtime}
  fir.global internal @_QQro.1xi4.0(dense<1> : tensor<1xi32>) constant : !fir.array<1xi32>
  func.func private @_FortranAioEndIoStatement(!fir.ref<i8>) -> i32 attributes {fir.io, fir.runtime}
}


