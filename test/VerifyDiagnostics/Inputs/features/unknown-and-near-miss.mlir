// RUN: not mlir-opt %s -split-input-file -verify-diagnostics
// Complaints: an @unknown expectation nothing produced (reported twice, as
// mlir-opt does), an unexpected error at a location without a file
// position, a severity near miss, a dangling @below.

// expected-error@unknown {{nothing has no location}}
func.func @f() {
  %0 = "arith.addi"() : () -> i64 loc("named")
  return
}

// -----

func.func @g() {
  // expected-warning@+1 {{op expected 2 operands}}
  %0 = "arith.addi"() : () -> i64
  return
}

// -----

func.func @h() {
  return
}
// expected-error@below {{dangling}}
