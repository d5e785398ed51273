// Bad command lines are usage errors: exit code 2 and exactly one line
// "irscope-opt: error: ..." on stderr, nothing on stdout, nothing run.
// (An unknown "--name" is a pass flag as in mlir-opt; see bad-pipeline.mlir.)
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// --pass-pipeline and pass flags are mutually exclusive (as in mlir-opt).
// RUN: rm -rf %t.d && sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse)" --canonicalize --dump-after-each=%t.d; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOTH --match-full-lines
// BOTH-NOT: {{.}}
// BOTH: irscope-opt: error: '--pass-pipeline' cannot be combined with pass flags such as '--canonicalize'
// BOTH-NEXT: exit=2
// BOTH-EMPTY:
// RUN: not ls %t.d

// A boolean option with a value that is not a boolean.
// RUN: sh -c 'irscope-opt %s --verify-each=maybe; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BOOL --match-full-lines
// BOOL-NOT: {{.}}
// BOOL: irscope-opt: error: option '--verify-each' expects true or false, not 'maybe'
// BOOL-NEXT: exit=2

// --run-reproducer on a file without an mlir_reproducer section.
// RUN: sh -c 'irscope-opt %s --run-reproducer; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOREPRO --match-full-lines
// NOREPRO-NOT: {{.}}
// NOREPRO: irscope-opt: error: '{{.*}}bad-options.mlir' holds no mlir_reproducer section with a pipeline
// NOREPRO-NEXT: exit=2

// A single dash also names a pass (as in mlir-opt); a word that is neither
// a pass nor an option is an unknown option, as written.
// RUN: sh -c 'irscope-opt %s -bogus; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --match-full-lines
// UNKNOWN-NOT: {{.}}
// UNKNOWN: irscope-opt: error: unknown option '-bogus'
// UNKNOWN-NEXT: exit=2
// UNKNOWN-EMPTY:

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
