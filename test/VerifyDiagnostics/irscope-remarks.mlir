// --verify-diagnostics and a remark with notes from an irscope pass
// (irs-op-stats); a note that is not produced fails the run, reported at
// the expectation.
// RUN: irscope-opt %s -verify-diagnostics --pass-pipeline='builtin.module(func.func(irs-op-stats))' | FileCheck %s
// CHECK-LABEL: func.func @stats
// RUN: sed 's/arith: 1 (arith.subi 1)/arith: 2 (arith.subi 2)/' %s > %t.mlir
// RUN: not irscope-opt %t.mlir -verify-diagnostics --pass-pipeline='builtin.module(func.func(irs-op-stats))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: irscope-remarks.mlir.tmp.mlir:[[#@LINE+8]]:1: error: unexpected note: arith: 1 (arith.subi 1)
// MISSING: irscope-remarks.mlir.tmp.mlir:[[#@LINE+6]]:4: error: expected note "arith: 2 (arith.subi 2)" was not produced
// MISSING-NEXT: // expected-{{note}}@below
// MISSING-NEXT: {{^   \^~+$}}

// expected-remark@below {{op statistics: 3 operations in 2 dialects}}
// expected-note@below {{func: 2 (func.func 1, func.return 1)}}
// expected-note@below {{arith: 1 (arith.subi 1)}}
func.func @stats(%a: i32) -> i32 {
  %b = arith.subi %a, %a : i32
  return %b : i32
}
