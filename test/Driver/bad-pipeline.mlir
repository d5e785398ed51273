// A malformed pipeline or an unknown pass is a usage error: exit code 2,
// one line "irscope-opt: error: pipeline:1:<col>: <what>" where <col> is
// the 1-based column in the --pass-pipeline text, followed by the pipeline
// echoed with a caret under that column, and nothing else happens (no
// output, no dump directory).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// Unknown pass: the column of its name.
// RUN: rm -rf %t.d && sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,no-such-pass),cse)" --dump-after-each=%t.d; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --match-full-lines
// UNKNOWN-NOT: {{.}}
// UNKNOWN: irscope-opt: error: pipeline:1:39: 'no-such-pass' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: {{^}}  builtin.module(func.func(canonicalize,no-such-pass),cse){{$}}
// UNKNOWN-NEXT: {{^ +\^$}}
// UNKNOWN-NEXT: exit=2
// UNKNOWN-EMPTY:
// RUN: not ls %t.d

// Missing ')': the column of the '(' left open.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse)"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PAREN --match-full-lines
// PAREN-NOT: {{.}}
// PAREN: irscope-opt: error: pipeline:1:15: missing ')' closing the pipeline opened here
// PAREN-NEXT: {{^}}  builtin.module(func.func(canonicalize,cse){{$}}
// PAREN-NEXT: {{^ +\^$}}
// PAREN-NEXT: exit=2
// PAREN-EMPTY:

// Unterminated '{': the column of the '{'.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize{max-iterations=1,cse))"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BRACE --match-full-lines
// BRACE-NOT: {{.}}
// BRACE: irscope-opt: error: pipeline:1:38: missing '}' closing the pass options opened here
// BRACE-NEXT: {{^}}  builtin.module(func.func(canonicalize{{[{]}}max-iterations=1,cse)){{$}}
// BRACE-NEXT: {{^ +\^$}}
// BRACE-NEXT: exit=2
// BRACE-EMPTY:

// irscope's own passes validate their options when the pipeline is built.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse,irs-test-fail))"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IRSOPT --match-full-lines
// IRSOPT-NOT: {{.}}
// IRSOPT: irscope-opt: error: pipeline:1:30: pass 'irs-test-fail' requires option 'op=NAME'
// IRSOPT-NEXT: {{^}}  builtin.module(func.func(cse,irs-test-fail)){{$}}
// IRSOPT-NEXT: {{^ +\^$}}
// IRSOPT-NEXT: exit=2

// An unknown pass given as a flag is an unknown option: the user wrote no
// pipeline text, so there is no column in a pipeline they never saw.
// RUN: sh -c 'irscope-opt %s --canonicalize --no-such-pass; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FLAG --match-full-lines
// FLAG-NOT: {{.}}
// FLAG: irscope-opt: error: unknown option '--no-such-pass'
// FLAG-NEXT: exit=2

// A bad option value of an upstream pass: one line that says which option
// and value are wrong (MLIR's option parser prints to stderr on its own;
// that must not leak out as a second, unprefixed line).
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize{max-iterations=abc})"; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADVAL --match-full-lines
// BADVAL-NOT: {{.}}
// BADVAL: irscope-opt: error: pipeline:1:16: for the --max-iterations option: 'abc' value invalid for long argument!
// BADVAL-NEXT: {{^}}  builtin.module(canonicalize{{[{]}}max-iterations=abc{{[}]}}){{$}}
// BADVAL-NEXT: {{^ +\^$}}
// BADVAL-NEXT: exit=2
// BADVAL-EMPTY:

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
