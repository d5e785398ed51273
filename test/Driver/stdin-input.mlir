// The input can come from stdin, as "-" or with no input argument at all,
// and gives the same output as mlir-opt reading stdin, uninstrumented and
// step by step.
// RUN: %mlir_opt --canonicalize < %s > %t.ref
// RUN: irscope-opt - --canonicalize < %s > %t.dash
// RUN: diff %t.ref %t.dash
// RUN: irscope-opt --canonicalize < %s > %t.noarg
// RUN: diff %t.ref %t.noarg
// RUN: rm -rf %t.d && irscope-opt --canonicalize --dump-after-each=%t.d < %s > %t.step
// RUN: diff %t.ref %t.step
// RUN: FileCheck %s < %t.noarg
// CHECK-LABEL: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }

// Locations of IR read from stdin name "<stdin>", as in mlir-opt.
// RUN: %mlir_opt --canonicalize --mlir-print-debuginfo < %s > %t.dbg.ref
// RUN: irscope-opt - --canonicalize --mlir-print-debuginfo < %s > %t.dbg.out
// RUN: diff %t.dbg.ref %t.dbg.out
// RUN: FileCheck %s --check-prefix=DBG < %t.dbg.out
// DBG: func.func @f(%arg0: i32 loc("<stdin>":[[# @LINE + 4]]:14)) -> i32 {
// DBG: #{{loc[0-9]*}} = loc("<stdin>":0:0)
// DBG: #{{loc[0-9]*}} = loc("<stdin>":[[# @LINE + 2]]:1)

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  return %c : i32
}
