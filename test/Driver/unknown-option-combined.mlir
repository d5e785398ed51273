// An unknown `--name[=value]` that is neither an option nor a pass is an
// unknown option, with "did you mean" when an option (else a pass) is
// close, whatever it is given with: next to --pass-pipeline (which cannot
// be combined with pass flags, but a mistyped option is none), next to real
// pass flags, with a value, or alone; in irscope-opt and opt-reduce.

// RUN: sh -c 'irscope-opt --dump-after-eachh=x --pass-pipeline="builtin.module(cse)" %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PIPE --match-full-lines
// PIPE-NOT: {{.}}
// PIPE: irscope-opt: error: unknown option '--dump-after-eachh'; did you mean '--dump-after-each'?
// PIPE-NEXT: exit=2

// RUN: sh -c 'irscope-opt --frobnicate=x %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ALONE --match-full-lines
// ALONE-NOT: {{.}}
// ALONE: irscope-opt: error: unknown option '--frobnicate'
// ALONE-NEXT: exit=2
// RUN: sh -c 'irscope-opt --frobnicate=x --pass-pipeline="builtin.module(cse)" %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ALONE --match-full-lines
// RUN: sh -c 'irscope-opt --cse --frobnicate=x %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ALONE --match-full-lines
// RUN: sh -c 'irscope-opt --frobnicate=x --run-reproducer %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ALONE --match-full-lines

// With other options and real pass flags; a single dash is kept as written.
// RUN: sh -c 'irscope-opt --verify-each --cse -timming %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=SINGLE --match-full-lines
// SINGLE: irscope-opt: error: unknown option '-timming'; did you mean '--timing'?
// SINGLE-NEXT: exit=2

// No option is close, a pass is: the pass is the suggestion.
// RUN: sh -c 'irscope-opt --pass-pipeline="builtin.module(cse)" --canonicalze %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NEARPASS --match-full-lines
// NEARPASS: irscope-opt: error: unknown option '--canonicalze'; did you mean '--canonicalize'?
// NEARPASS-NEXT: exit=2

// A real pass flag next to --pass-pipeline is still that conflict.
// RUN: sh -c 'irscope-opt --cse --pass-pipeline="builtin.module(cse)" %s; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CONFLICT --match-full-lines
// CONFLICT: irscope-opt: error: '--pass-pipeline' cannot be combined with pass flags such as '--cse'
// CONFLICT-NEXT: exit=2

// opt-reduce: the same, before it checks how the pipeline is given.
// RUN: sh -c 'opt-reduce %s --dump-after-eachh=x --pass-pipeline="builtin.module(cse)"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=RED --match-full-lines
// RED: opt-reduce: error: unknown option '--dump-after-eachh'
// RED-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --test=/bin/true --resume-fro=x; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=RED2 --match-full-lines
// RED2: opt-reduce: error: unknown option '--resume-fro'
// RED2-NEXT: exit=2

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
