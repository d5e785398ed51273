// --emit-bytecode writes the very bytes mlir-opt writes, uninstrumented and
// step by step, and bytecode is accepted as input (from a file and from
// stdin) with the locations it carries.
// RUN: %mlir_opt %s --canonicalize --emit-bytecode -o %t.ref.mlirbc
// RUN: irscope-opt %s --canonicalize --emit-bytecode -o %t.out.mlirbc
// RUN: cmp %t.ref.mlirbc %t.out.mlirbc
// RUN: rm -rf %t.d && irscope-opt %s --canonicalize --emit-bytecode --dump-after-each=%t.d -o %t.step.mlirbc
// RUN: cmp %t.ref.mlirbc %t.step.mlirbc
// It is bytecode (the "ML\xefR" magic), not text.
// RUN: FileCheck %s --check-prefix=MAGIC < %t.out.mlirbc
// MAGIC: {{^}}ML{{.}}R

// Bytecode input, with locations printed to show they survived.
// RUN: %mlir_opt %t.ref.mlirbc --cse --mlir-print-debuginfo > %t.in.ref
// RUN: irscope-opt %t.ref.mlirbc --cse --mlir-print-debuginfo > %t.in.out
// RUN: diff %t.in.ref %t.in.out
// RUN: irscope-opt --cse --mlir-print-debuginfo < %t.ref.mlirbc > %t.in.stdin
// RUN: diff %t.in.ref %t.in.stdin
// RUN: FileCheck %s < %t.in.out
// CHECK:       func.func @f(%arg0: i32 loc("{{[^"]*}}bytecode.mlir":[[# @LINE + 13]]:14)) -> i32 {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32 loc(#[[ADD:loc[0-9]+]])
// CHECK-NEXT:    %1 = arith.muli %0, %0 : i32 loc(#[[MUL:loc[0-9]+]])
// CHECK-NEXT:    return %1 : i32
// CHECK-DAG:   #[[ADD]] = loc("{{[^"]*}}bytecode.mlir":[[# @LINE + 12]]:8)
// CHECK-DAG:   #[[MUL]] = loc("{{[^"]*}}bytecode.mlir":[[# @LINE + 13]]:8)

// Text read from stdin becomes the same bytecode as in mlir-opt, whose
// locations name "<stdin>".
// RUN: %mlir_opt --emit-bytecode < %s > %t.stdin.ref.mlirbc
// RUN: irscope-opt --emit-bytecode < %s > %t.stdin.out.mlirbc
// RUN: cmp %t.stdin.ref.mlirbc %t.stdin.out.mlirbc

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  %c = arith.addi %b, %b : i32
  %d = arith.addi %b, %b : i32
  %e = arith.muli %c, %d : i32
  return %e : i32
}
