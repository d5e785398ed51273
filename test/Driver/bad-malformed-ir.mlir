// Malformed input IR is an input error: exit code 2 and each error in
// mlir-opt's form ("file:line:col: error: message", then the source line and
// a caret under the column), where the file is the
// name given on the command line ("<stdin>" for standard input) and the
// line is the line in that file, also for a chunk of --split-input-file.
// Nothing runs and nothing is printed for the malformed input.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: sh -c 'irscope-opt %s --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FILE --implicit-check-not=error: --implicit-check-not=module
// RUN: sh -c 'irscope-opt --canonicalize < %s; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDIN --implicit-check-not=error: --implicit-check-not=module

// With --split-input-file only the malformed chunk is rejected; the other
// one is processed and printed, and the exit code still reports the error.
// RUN: sh -c 'irscope-opt %s --split-input-file --canonicalize; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SPLIT --implicit-check-not=error:

func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  // FILE: {{^}}{{.*}}bad-malformed-ir.mlir:[[#@LINE+3]]:10: error: use of undeclared SSA value name{{$}}
  // STDIN: {{^}}<stdin>:[[#@LINE+2]]:10: error: use of undeclared SSA value name{{$}}
  // SPLIT: {{^}}{{.*}}bad-malformed-ir.mlir:[[#@LINE+1]]:10: error: use of undeclared SSA value name{{$}}
  return %c : i32
}
// FILE-NEXT: {{^}}  return %c : i32{{$}}
// FILE-NEXT: {{^ +\^$}}
// FILE-NEXT: exit=2
// STDIN-NEXT: {{^}}  return %c : i32{{$}}
// STDIN-NEXT: {{^ +\^$}}
// STDIN-NEXT: exit=2
// SPLIT-NEXT: {{^}}  return %c : i32{{$}}
// SPLIT-NEXT: {{^ +\^$}}

// -----

// SPLIT-NEXT: {{//}} -----
// SPLIT-NEXT: module {
func.func @g(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
// SPLIT-NEXT: func.func @g(%arg0: i32) -> i32 {
// SPLIT-NEXT: return %arg0 : i32
// SPLIT: exit=2
