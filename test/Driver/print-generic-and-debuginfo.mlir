// --mlir-print-op-generic and --mlir-print-debuginfo print exactly what
// mlir-opt prints, uninstrumented and step by step, and with
// --split-input-file the locations still name this file and the lines in it.

// Generic op form.
// RUN: %mlir_opt %s --inline --mlir-print-op-generic > %t.gen.ref
// RUN: irscope-opt %s --inline --mlir-print-op-generic > %t.gen.out
// RUN: diff %t.gen.ref %t.gen.out
// RUN: rm -rf %t.d1 && irscope-opt %s --inline --mlir-print-op-generic --dump-after-each=%t.d1 > %t.gen.step
// RUN: diff %t.gen.ref %t.gen.step
// RUN: FileCheck %s --check-prefix=GEN < %t.gen.out
// GEN:       {{^}}"builtin.module"() ({
// GEN-NEXT:    "func.func"() <{function_type = (i32) -> i32, sym_name = "caller"}> ({
// GEN-NEXT:    ^bb0(%arg1: i32):
// GEN-NEXT:      %1 = "arith.constant"() <{value = 3 : i32}> : () -> i32
// GEN-NEXT:      %2 = "arith.muli"(%arg1, %1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GEN-NEXT:      "func.return"(%2) : (i32) -> ()
// GEN-NEXT:    }) : () -> ()
// GEN-NEXT:    "func.func"() <{function_type = (f32) -> f32, sym_name = "second"}> ({
// GEN-NEXT:    ^bb0(%arg0: f32):
// GEN-NEXT:      %0 = "arith.mulf"(%arg0, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:      "func.return"(%0) : (f32) -> ()
// GEN-NEXT:    }) : () -> ()
// GEN-NEXT:  }) : () -> ()
// GEN-NOT:   loc(

// Locations, including the call-site locations the inliner creates and a
// named location written in the input.
// RUN: %mlir_opt %s --inline --mlir-print-debuginfo > %t.dbg.ref
// RUN: irscope-opt %s --inline --mlir-print-debuginfo > %t.dbg.out
// RUN: diff %t.dbg.ref %t.dbg.out
// RUN: rm -rf %t.d2 && irscope-opt %s --inline --mlir-print-debuginfo --dump-after-each=%t.d2 > %t.dbg.step
// RUN: diff %t.dbg.ref %t.dbg.step
// RUN: FileCheck %s --check-prefix=DBG < %t.dbg.out
// DBG-DAG: #{{loc[0-9]*}} = loc("{{[^"]*}}print-generic-and-debuginfo.mlir":0:0)

// Both at once, on each chunk of the split input.
// RUN: %mlir_opt %s --inline --mlir-print-debuginfo --mlir-print-op-generic --split-input-file > %t.split.ref
// RUN: irscope-opt %s --inline --mlir-print-debuginfo --mlir-print-op-generic --split-input-file > %t.split.out
// RUN: diff %t.split.ref %t.split.out
// RUN: FileCheck %s --check-prefix=SPLIT < %t.split.out
// SPLIT:     "builtin.module"() ({

func.func private @callee(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  // DBG-DAG: #[[MUL:loc[0-9]+]] = loc("{{[^"]*}}print-generic-and-debuginfo.mlir":[[@LINE+1]]:8)
  %r = arith.muli %x, %c3 : i32
  return %r : i32
}
// DBG-DAG: func.func @caller(%arg0: i32 loc("{{[^"]*}}print-generic-and-debuginfo.mlir":[[@LINE+2]]:19)) -> i32 {
// SPLIT:     ^bb0(%arg0: i32 loc("{{[^"]*}}print-generic-and-debuginfo.mlir":[[@LINE+1]]:19)):
func.func @caller(%a: i32) -> i32 {
  // DBG-DAG: #[[CALL:loc[0-9]+]] = loc("{{[^"]*}}print-generic-and-debuginfo.mlir":[[@LINE+1]]:8)
  %r = call @callee(%a) : (i32) -> i32
  return %r : i32
}
// DBG-DAG: %0 = arith.muli %arg0, %c3_i32 : i32 loc(#[[INLINED:loc[0-9]+]])
// DBG-DAG: #[[INLINED]] = loc(callsite(#[[MUL]] at #[[CALL]]))
// SPLIT:     }) : () -> () loc(#loc)
// SPLIT:     #loc = loc("{{[^"]*}}print-generic-and-debuginfo.mlir":0:0)
// SPLIT:     {{^// -{5}$}}

// -----
// The implicit module of the second chunk starts right after the marker.
// SPLIT:     "builtin.module"() ({
// SPLIT:     ^bb0(%arg0: f32 loc("{{[^"]*}}print-generic-and-debuginfo.mlir":[[@LINE+5]]:19)):
// SPLIT:     }) : () -> () loc(#loc)
// SPLIT:     #loc = loc("{{[^"]*}}print-generic-and-debuginfo.mlir":[[@LINE-5]]:9)
// SPLIT:     #{{loc[0-9]+}} = loc("other.c":7:2)

func.func @second(%a: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %p = arith.mulf %a, %one : f32
  // DBG-DAG: %0 = arith.mulf %arg0, %arg0 : f32 loc(#[[NAMED:loc[0-9]+]])
  // DBG-DAG: #[[NAMED]] = loc("named"(#[[OTHER:loc[0-9]+]]))
  // DBG-DAG: #[[OTHER]] = loc("other.c":7:2)
  %r = arith.mulf %p, %p : f32 loc("named"("other.c":7:2))
  return %r : f32
}
