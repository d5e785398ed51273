// RUN: mlir-opt %s -split-input-file -verify-diagnostics=only-expected
// Unexpected diagnostics are ignored; every expectation still has to be met.

func.func @f() {
  %0 = "arith.addi"() : () -> i64
  return
}

// -----

func.func @g() {
  // expected-error@+1 {{op expected 2 operands}}
  %0 = "arith.addi"() : () -> i64
  %1 = "arith.muli"() : () -> i64
  return
}
