// A pipeline that cannot be built is a usage error (exit 2) reported with
// the reason, as irscope-opt reports it, not as "the input is not
// interesting: the pipeline cannot run on it".
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(no-such-pass)" -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN-NOT: not interesting
// UNKNOWN: opt-reduce: error: {{.*}}'no-such-pass' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: {{^}}  builtin.module(no-such-pass){{$}}
// UNKNOWN-NEXT: {{^}}                 ^{{$}}
// UNKNOWN: exit=2

// A syntax error and a misspelt pass: the text is echoed with a caret
// under the column, as irscope-opt does, and a near name is suggested.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(cse)" -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: opt-reduce: error: pipeline:1:15: missing ')'
// SYNTAX-NEXT: {{^}}  builtin.module(func.func(cse){{$}}
// SYNTAX-NEXT: {{^}}                ^{{$}}
// SYNTAX: exit=2
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(canonicalise))" -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEAR
// NEAR: opt-reduce: error: pipeline:1:26: 'canonicalise' does not refer to a registered pass or pass pipeline; did you mean 'canonicalize'?
// NEAR-NEXT: {{^}}  builtin.module(func.func(canonicalise)){{$}}
// NEAR-NEXT: {{^}}                           ^{{$}}
// NEAR: exit=2

// Anchored on another op than the input's top-level one.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="func.func(cse)" -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ANCHOR
// ANCHOR-NOT: not interesting
// ANCHOR: opt-reduce: error: {{.*}}anchored on 'func.func'
// ANCHOR: exit=2

func.func @f(%x: i32) -> i32 {
  return %x : i32
}
