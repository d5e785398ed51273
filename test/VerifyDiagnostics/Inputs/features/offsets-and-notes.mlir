// RUN: mlir-opt %s -split-input-file -verify-diagnostics
// @-N, @above, @below, two expectations for one line, tabs before the
// expected-* text, a note.

func.func @minus(%a: i32) {
  %0 = "arith.addi"(%a) : (i32) -> i32
  // expected-error@-1 {{'arith.addi' op expected 2 operands, but found 1}}
  return
}

// -----

func.func @two_for_one_line(%a: tensor<1x2xindex>) {
	// expected-error@+2 {{failed to infer returned types}}
	// expected-error@+1 {{'shape.shape_of' op inferred type(s) 'tensor<2xindex>' are incompatible}}
  %0 = shape.shape_of %a : tensor<1x2xindex> -> tensor<3xindex>
  return
}

// -----

func.func @below() {
  %c = arith.constant 1 : i32
  // expected-error@below {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%c, %c) : (i32, i32) -> i64
  return
}

// -----

func.func @above(%a: i32) -> i32 {
  // expected-note@+1 {{prior use here}}
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i64
  // expected-error@above {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
  return %1 : i32
}
