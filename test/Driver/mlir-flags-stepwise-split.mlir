// mlir-opt's --mlir-print-ir-* combined with irscope-opt's step-by-step run
// (--dump-after-each) and with --split-input-file. Each step runs in its own
// MLIR pass manager carrying MLIR's printer, so the dumps are mlir-opt's
// byte for byte as long as the step-by-step order of passes is mlir-opt's
// order: always, except that mlir-opt runs all passes nested under one op
// (func.func(canonicalize,cse)) on one function before the next, while
// steps run each pass on every function in turn (the order the numbered
// dumps show too).

// RUN: %mlir_opt %s --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all > %t.ref 2> %t.ref.err
// RUN: irscope-opt %s --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all > %t.out 2> %t.err
// RUN: diff %t.ref %t.out
// RUN: diff %t.ref.err %t.err
// RUN: rm -rf %t.d && irscope-opt %s --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all --dump-after-each=%t.d > %t.step 2> %t.step.err
// RUN: diff %t.ref %t.step
// RUN: diff %t.ref.err %t.step.err
// RUN: ls %t.d/chunk-001 %t.d/chunk-002 | FileCheck %s --check-prefix=DUMPS
// DUMPS-COUNT-2: 0002-builtin.module-symbol-dce.mlir
// RUN: rm -rf %t.d2 && irscope-opt %s --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize),symbol-dce)' --mlir-print-ir-before-all --mlir-print-ir-after-all --dump-after-each=%t.d2 --crash-protection=0 > %t.np 2> %t.np.err
// RUN: diff %t.ref %t.np
// RUN: diff %t.ref.err %t.np.err
// RUN: FileCheck %s < %t.step.err
// CHECK:      {{^}}// -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f(
// CHECK:      {{^}}// -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f(
// CHECK:      {{^}}// -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @g(
// CHECK:      {{^}}// -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: {{^}}module {
// CHECK-NEXT:   func.func @f(
// Second chunk.
// CHECK:      {{^}}// -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @h(
// CHECK:      {{^}}// -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: {{^}}module {
// CHECK-NEXT:   func.func @h(
// CHECK-NOT:  IR Dump

// Two passes under func.func: step by step, canonicalize runs on @f and @g
// before cse does.
// RUN: rm -rf %t.d3 && irscope-opt %s --split-input-file --mlir-disable-threading --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --mlir-print-ir-after-all --dump-after-each=%t.d3 -o /dev/null 2> %t.nested.err
// RUN: FileCheck %s --check-prefix=NESTED < %t.nested.err
// NESTED:      {{^}}// -----// IR Dump After Canonicalizer (canonicalize) //----- //
// NESTED-NEXT: func.func @f(
// NESTED:      {{^}}// -----// IR Dump After Canonicalizer (canonicalize) //----- //
// NESTED-NEXT: func.func @g(
// NESTED:      {{^}}// -----// IR Dump After CSE (cse) //----- //
// NESTED-NEXT: func.func @f(
// NESTED:      {{^}}// -----// IR Dump After CSE (cse) //----- //
// NESTED-NEXT: func.func @g(

func.func @f(%a: i32) -> i32 {
  %c = arith.constant 0 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.addi %a, %c : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  return %a : i32
}

// -----

func.func @h(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.muli %a, %c : i32
  return %0 : i32
}
