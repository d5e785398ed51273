// -o FILE writes the output to FILE instead of stdout, with the same bytes
// as mlir-opt -o FILE, uninstrumented and step by step; "-o -" is stdout.
// RUN: %mlir_opt %s --canonicalize -o %t.ref
// RUN: irscope-opt %s --canonicalize -o %t.out
// RUN: diff %t.ref %t.out
// RUN: rm -rf %t.d && irscope-opt %s --canonicalize --dump-after-each=%t.d -o %t.step
// RUN: diff %t.ref %t.step
// RUN: irscope-opt %s --canonicalize -o - > %t.stdout
// RUN: diff %t.ref %t.stdout
// RUN: FileCheck %s < %t.out
// CHECK-LABEL: func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %0 : i32

// When the run fails, mlir-opt writes no output file (it deletes even an
// older file of that name). irscope-opt must write none either, and must not
// replace an existing file with an empty or partial output.
// RUN: echo 'func.func @broken(' > %t.bad.mlir
// RUN: rm -f %t.fail.ref %t.fail.out
// RUN: not %mlir_opt %t.bad.mlir --canonicalize -o %t.fail.ref 2> /dev/null
// RUN: not test -e %t.fail.ref
// RUN: not irscope-opt %t.bad.mlir --canonicalize -o %t.fail.out 2> /dev/null
// RUN: not test -e %t.fail.out
// RUN: echo stale > %t.stale.out
// RUN: not irscope-opt %t.bad.mlir --canonicalize -o %t.stale.out 2> /dev/null
// RUN: sh -c 'test ! -e %t.stale.out || grep -qx stale %t.stale.out'

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  return %c : i32
}
