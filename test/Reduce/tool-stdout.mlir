// opt-reduce --tool keeps its stdout to itself: what the tool prints there
// (-test-written-to's findings, in every test) is not shown. `-o -` is
// stdout, as for mlir-opt: the result goes there once, at the end, printed
// back through the tool in its custom syntax (by way of a temporary file:
// no file "-" is written, and the print-back never reads stdin, which once
// left an empty module).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: opt-reduce %s --tool=%mlir_opt -test-written-to -o r.mlir > %t/stdout 2> %t/stderr
// RUN: FileCheck %s --check-prefix=OUT --allow-empty --implicit-check-not={{.}} < %t/stdout
// OUT-NOT: {{.}}
// RUN: FileCheck %s --check-prefix=ERR -DOUT=r.mlir < %t/stderr
// ERR: opt-reduce: done: wrote '[[OUT]]' ({{[0-9]+}} tests); signature: crash in mlir::StringAttr::getValue
// ERR-NOT: generic form
// RUN: FileCheck %s --check-prefix=RES --input-file=%t/r.mlir
// RES: func.func @f0(%arg0: memref<10xf32>) {
// RES: memref.load

// RUN: opt-reduce %s --tool=%mlir_opt -test-written-to -o - > %t/stdout 2> %t/stderr
// RUN: FileCheck %s --check-prefix=ERR -DOUT=- < %t/stderr
// RUN: FileCheck %s --check-prefix=RES --input-file=%t/stdout
// RUN: test ! -e %t/-
// RUN: not --crash %mlir_opt -test-written-to %t/stdout -o /dev/null
// And the input from stdin, `-`, as mlir-opt reads it.
// RUN: opt-reduce - --tool=%mlir_opt -test-written-to -o - < %s > %t/stdin-out 2> %t/stderr
// RUN: FileCheck %s --check-prefix=ERR -DOUT=- < %t/stderr
// RUN: FileCheck %s --check-prefix=RES --input-file=%t/stdin-out

func.func @other(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
func.func @test(%arg0: memref<10xf32>) {
  %c0 = arith.constant {tag = "zero"} 0 : index
  %c1 = arith.constant {tag = "one"} 1 : index
  %0 = memref.load %arg0[%c1] : memref<10xf32>
  %2 = memref.load %arg0[%c0] : memref<10xf32>
  memref.store %0, %arg0[%c1] : memref<10xf32>
  memref.store %2, %arg0[%c0] : memref<10xf32>
  return
}
