// Upstream: https://github.com/llvm/llvm-project/issues/182436
// Original command: flang sample.f90 -fstack-arrays -O1 on subroutine tt(cc); character*(*),optional,pointer::cc(:); print *, reshape(cc,(/1/)); end (FIR here: flang-22 -fstack-arrays -O1's IR before fir-to-llvm-ir)
// MLIR 22.1 (Debian flang-22): SIGSEGV (exit 139) in fir-to-llvm-ir's AllocaOpConversion on the temporary's fir.alloca, which stack-arrays left in ^bb3 sized by that block's argument (the action log prints that operand as <<UNKNOWN SSA VALUE>>); needs fir-opt; hand bisection (--mlir-debug-counter=apply-pattern-count=K, single-threaded): K=10 fails without crashing, K=11 crashes (AllocaOpConversion on the fir.alloca, apply-pattern #11)
// TOOL: fir-opt
// ARGS: --fir-to-llvm-ir

#tbaa_root = #llvm.tbaa_root<id = "Flang function root _QPtt">
#tbaa_type_desc = #llvm.tbaa_type_desc<id = "any access", members = {<#tbaa_root, 0>}>
#tbaa_type_desc1 = #llvm.tbaa_type_desc<id = "any data access", members = {<#tbaa_type_desc, 0>}>
#tbaa_type_desc2 = #llvm.tbaa_type_desc<id = "global data", members = {<#tbaa_type_desc1, 0>}>
#tbaa_type_desc3 = #llvm.tbaa_type_desc<id = "global data/_QQro.1xi4.0", members = {<#tbaa_type_desc2, 0>}>
#tbaa_tag = #llvm.tbaa_tag<base_type = #tbaa_type_desc3, access_type = #tbaa_type_desc3, offset = 0>
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", fir.target_cpu = "x86-64", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  func.func @tt_(%arg0: !fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>> {fir.bindc_name = "cc", fir.optional, llvm.nocapture}) attributes {fir.internal_name = "_QPtt", target_cpu = "x86-64"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3_i32 = arith.constant 3 : i32
    %c6_i32 = arith.constant 6 : i32
    %0 = fir.is_present %arg0 : (!fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>>) -> i1
    cf.cond_br %0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %1 = fir.load %arg0 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>>
    %2 = fir.box_elesize %1 : (!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>) -> index
    cf.br ^bb3(%2 : index)
  ^bb2:  // pred: ^bb0
    %3 = fir.undefined index
    cf.br ^bb3(%3 : index)
  ^bb3(%4: index):  // 2 preds: ^bb1, ^bb2
    %5 = fir.alloca !fir.array<1x!fir.char<1,?>>(%4 : index) {bindc_name = ".tmp.array"}
    %6 = fir.convert %5 : (!fir.ref<!fir.array<1x!fir.char<1,?>>>) -> !fir.heap<!fir.array<1x!fir.char<1,?>>>
    %7 = fir.address_of(@_QQclX2F746D702F73362F663138323433362E66393000) : !fir.ref<!fir.char<1,20>>
    %8 = fir.convert %7 : (!fir.ref<!fir.char<1,20>>) -> !fir.ref<i8>
    %9 = fir.call @_FortranAioBeginExternalListOutput(%c6_i32, %8, %c3_i32) fastmath<contract> {fir.llvm_memory = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, llvm.nocallback, llvm.nosync} : (i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %10 = fir.address_of(@_QQroX1xi4X0) : !fir.ref<!fir.array<1xi32>>
    %11 = fir.load %arg0 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>>
    %12 = fircg.ext_array_coor %10(%c1)<%c1> : (!fir.ref<!fir.array<1xi32>>, index, index) -> !fir.ref<i32>
    %13 = fir.load %12 {tbaa = [#tbaa_tag]} : !fir.ref<i32>
    %14 = fir.convert %13 : (i32) -> index
    cf.br ^bb4(%c1, %14 : index, index)
  ^bb4(%15: index, %16: index):  // 2 preds: ^bb3, ^bb5
    %17 = arith.cmpi sgt, %16, %c0 : index
    cf.cond_br %17, ^bb5, ^bb6
  ^bb5:  // pred: ^bb4
    %18:3 = fir.box_dims %11, %c0 : (!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>, index) -> (index, index, index)
    %19 = arith.subi %18#0, %c1 overflow<nuw> : index
    %20 = arith.addi %15, %19 overflow<nuw> : index
    %21 = fircg.ext_array_coor %11 origin %18#0<%20> : (!fir.box<!fir.ptr<!fir.array<?x!fir.char<1,?>>>>, index, index) -> !fir.ref<!fir.char<1,?>>
    %22 = fir.emboxchar %21, %4 : (!fir.ref<!fir.char<1,?>>, index) -> !fir.boxchar<1>
    %23 = fircg.ext_array_coor %6(%13)<%15> typeparams %4 : (!fir.heap<!fir.array<1x!fir.char<1,?>>>, i32, index, index) -> !fir.ref<!fir.char<1,?>>
    %24 = fir.emboxchar %23, %4 : (!fir.ref<!fir.char<1,?>>, index) -> !fir.boxchar<1>
    %25:2 = fir.unboxchar %22 : (!fir.boxchar<1>) -> (!fir.ref<!fir.char<1,?>>, index)
    %26:2 = fir.unboxchar %24 : (!fir.boxchar<1>) -> (!fir.ref<!fir.char<1,?>>, index)
    %27 = fir.convert %4 : (index) -> i64
    %28 = fir.convert %26#0 : (!fir.ref<!fir.char<1,?>>) -> !llvm.ptr
    %29 = fir.convert %25#0 : (!fir.ref<!fir.char<1,?>>) -> !llvm.ptr
    "llvm.intr.memmove"(%28, %29, %27) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
    %30 = arith.addi %15, %c1 overflow<nsw> : index
    %31 = arith.subi %16, %c1 : index
    cf.br ^bb4(%30, %31 : index, index)
  ^bb6:  // pred: ^bb4
    %32 = fir.convert %6 : (!fir.heap<!fir.array<1x!fir.char<1,?>>>) -> !fir.ref<!fir.array<1x!fir.char<1,?>>>
    %33 = fircg.ext_embox %32(%c1) typeparams %4 : (!fir.ref<!fir.array<1x!fir.char<1,?>>>, index, index) -> !fir.box<!fir.array<1x!fir.char<1,?>>>
    %34 = fir.convert %33 : (!fir.box<!fir.array<1x!fir.char<1,?>>>) -> !fir.box<none>
    %35 = fir.call @_FortranAioOutputDescriptor(%9, %34) fastmath<contract> {llvm.nocallback, llvm.nosync} : (!fir.ref<i8>, !fir.box<none>) -> i1
    %36 = fir.call @_FortranAioEndIoStatement(%9) fastmath<contract> {fir.llvm_memory = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>, llvm.nocallback, llvm.nosync} : (!fir.ref<i8>) -> i32
    return
  }
  func.func private @_FortranAioBeginExternalListOutput(i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime, target_cpu = "x86-64"}
  fir.global linkonce @_QQclX2F746D702F73362F663138323433362E66393000 constant : !fir.char<1,20> {
    %0 = fir.string_lit "/tmp/s6/f182436.f90\00"(20) : !fir.char<1,20>
    fir.has_value %0 : !fir.char<1,20>
  }
  func.func private @_FortranAioOutputDescriptor(!fir.ref<i8>, !fir.box<none>) -> (i1 {llvm.zeroext}) attributes {fir.io, fir.runtime, target_cpu = "x86-64"}
  fir.global internal @_QQroX1xi4X0(dense<1> : tensor<1xi32>) constant : !fir.array<1xi32>
  func.func private @_FortranAioEndIoStatement(!fir.ref<i8>) -> i32 attributes {fir.io, fir.runtime, target_cpu = "x86-64"}
}


