// RUN: mlir-opt %s --transform-interpreter -split-input-file -verify-diagnostics
// Remarks from a pass, expected-remark-re and expected-error-re with several
// {{...}} pieces; metacharacters in the literal text around them are literal.

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.debug.emit_remark_at %f, "found (f) [1] in *{root}*" : !transform.any_op
    %n = transform.num_associations %f : (!transform.any_op) -> !transform.param<i64>
    // expected-remark-re@below {{{{^[0-9]+}} : i{{(32|64)$}}}}
    transform.debug.emit_param_as_remark %n : !transform.param<i64>
    transform.yield
  }
  // expected-remark@below {{found (f) [1] in *{root}*}}
  func.func @f() {
    return
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op) {
    // expected-error-re@+1 {{expected{{ }}non-function {{t[a-z]+e}}}}
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) ->
    transform.yield
  }
}
