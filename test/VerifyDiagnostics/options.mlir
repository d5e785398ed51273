// Values of --verify-diagnostics and --diagnostic-format, and what they
// cannot be combined with. Exit codes are checked exactly.

// RUN: sh -c 'irscope-opt %s --verify-diagnostics=some; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BADV
// BADV: irscope-opt: error: unknown --verify-diagnostics 'some' (expected all or only-expected)
// BADV-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --diagnostic-format=json; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BADF
// BADF: irscope-opt: error: unknown --diagnostic-format 'json' (expected mlir or plain)
// BADF-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --verify-diagnostics --repeat=2; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=REPEAT
// REPEAT: irscope-opt: error: '--verify-diagnostics' cannot be combined with '--repeat'
// REPEAT-NEXT: exit=2

// =all is the default, as in mlir-opt; the plain format prints complaints
// on one line each, without the source line.
// RUN: sh -c 'irscope-opt %s --verify-diagnostics=all -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: options.mlir:[[#@LINE+22]]:8: error: unexpected error: 'arith.addi' op expected 2 operands, but found 0
// ALL-NEXT: {{^  %0 = "arith.addi"\(\) : \(\) -> i64$}}
// ALL-NEXT: {{^       \^$}}
// ALL-NEXT: options.mlir:[[#@LINE+18]]:6: error: expected error "op expected 3 operands" was not produced
// ALL-NEXT: {{^  // expected-}}
// ALL-NEXT: {{^     \^~+$}}
// ALL-NEXT: exit=1
// RUN: sh -c 'irscope-opt %s --verify-diagnostics --diagnostic-format=plain -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: options.mlir:[[#@LINE+14]]:8: error: unexpected error: 'arith.addi' op expected 2 operands, but found 0
// PLAIN-NEXT: options.mlir:[[#@LINE+12]]:6: error: expected error "op expected 3 operands" was not produced
// PLAIN-NEXT: exit=1
// Without --verify-diagnostics the default is mlir-opt's form too: the
// source line and a caret follow the error; the note at the same place adds
// none.
// RUN: sh -c 'irscope-opt %s -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: options.mlir:[[#@LINE+7]]:8: error: 'arith.addi' op expected 2 operands, but found 0
// DEFAULT-NEXT: {{^}}  %0 = "arith.addi"() : () -> i64{{$}}
// DEFAULT-NEXT: {{^ +\^$}}
// DEFAULT-NEXT: options.mlir:[[#@LINE+4]]:8: note: see current operation:

func.func @f() {
  // expected-error@+1 {{op expected 3 operands}}
  %0 = "arith.addi"() : () -> i64
  return
}
