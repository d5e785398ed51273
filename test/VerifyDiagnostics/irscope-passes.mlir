// --verify-diagnostics with irscope's own passes: a pass failure that is
// expected, with crash protection on (the default) and off. A chunk whose pass failed prints nothing, as in
// mlir-opt; irscope-opt adds no "error:" line of its own for it.
// RUN: irscope-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(irs-test-fail{op=arith.muli}))' 2>&1 | FileCheck %s --implicit-check-not=error
// RUN: irscope-opt %s -split-input-file -verify-diagnostics --crash-protection=0 --pass-pipeline='builtin.module(func.func(irs-test-fail{op=arith.muli}))' 2>&1 | FileCheck %s --implicit-check-not=error
// CHECK-NOT: @fails
// CHECK: {{^// -{5}$}}
// CHECK-LABEL: func.func @ok


func.func @fails(%a: i32) -> i32 {
  // expected-error@+1 {{irs-test-fail: injected failure at 'arith.muli'}}
  %b = arith.muli %a, %a : i32
  return %b : i32
}

// -----

func.func @ok(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  return %b : i32
}
