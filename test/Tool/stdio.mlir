// With --tool, `-` reads the input from stdin and `-o -` writes the output
// to stdout, as mlir-opt does (the tool itself reads and writes temporary
// files): the same bytes as the tool's own run, whole-pipeline and step by
// step, and nothing else on stdout.

// RUN: rm -rf %t && mkdir -p %t
// RUN: %mlir_opt %s --cse --canonicalize -o %t/ref.mlir
// RUN: irscope-opt --tool=%mlir_opt - --cse --canonicalize -o - < %s > %t/whole.mlir
// RUN: diff %t/ref.mlir %t/whole.mlir
// RUN: irscope-opt --tool=%mlir_opt - --cse --canonicalize --dump-after-each=%t/d -o - < %s > %t/steps.mlir 2>/dev/null
// RUN: diff %t/ref.mlir %t/steps.mlir
// RUN: FileCheck %s --check-prefix=MANIFEST < %t/d/manifest.xml
// MANIFEST: <input path="-"
// MANIFEST: <step index="2" pass="canonicalize"
// RUN: FileCheck %s --check-prefix=OUT < %t/steps.mlir
// OUT: func.func @f(%arg0: i64) -> i64 {
// OUT-NEXT: arith.addi %arg0, %arg0 : i64
// OUT-NEXT: arith.muli

func.func @f(%a: i64) -> i64 {
  %0 = arith.addi %a, %a : i64
  %1 = arith.addi %a, %a : i64
  %2 = arith.muli %0, %1 : i64
  return %2 : i64
}
