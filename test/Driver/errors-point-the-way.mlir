// Errors that point the way: a mistyped option is an unknown option with
// the option that was meant (not a missing pass), in every tool; an
// unknown pass gets the closest registered one (irscope's own passes, and
// MLIR's, found by asking MLIR's parser about every spelling one edit
// away) and the pipeline echoed with a caret under the column; a bad pass
// option names the pass and lists its options; a real pass whose name is
// close to an option still runs.

// RUN: sh -c 'irscope-opt %s --dump-after-eachh=x; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=OPT --match-full-lines
// OPT: irscope-opt: error: unknown option '--dump-after-eachh'; did you mean '--dump-after-each'?
// OPT-NEXT: exit=2
// RUN: not irscope-opt %s -verify-eachh 2>&1 | FileCheck %s --check-prefix=OPT1 --match-full-lines
// OPT1: irscope-opt: error: unknown option '-verify-eachh'; did you mean '--verify-each'?
// RUN: not irscope-report --max-diff-k=3 x 2>&1 | FileCheck %s --check-prefix=REP --match-full-lines
// REP: irscope-report: error: unknown option '--max-diff-k'; did you mean '--max-diff-kb'?
// RUN: not opt-reduce %s --strategiess=erase-ops --cse 2>&1 | FileCheck %s --check-prefix=RED --match-full-lines
// RED: opt-reduce: error: unknown option '--strategiess'; did you mean '--strategies'?
// A flag that is a pass stays a pass even when it is close to an option
// ('--inline' is one edit from no option, '--cse' is too short to guess at).
// RUN: irscope-opt %s --inline --cse | FileCheck %s --check-prefix=PASS
// PASS: func.func @f

// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse,canonicalze))"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=UNK --match-full-lines --strict-whitespace
// UNK:irscope-opt: error: pipeline:1:30: 'canonicalze' does not refer to a registered pass or pass pipeline; did you mean 'canonicalize'?
// UNK-NEXT:  builtin.module(func.func(cse,canonicalze))
// UNK-NEXT:                               ^
// UNK-NEXT:exit=2
// No advice (nothing is close): the echo and caret all the same.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse,zzqqxx))"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NOADV --match-full-lines --strict-whitespace
// NOADV:irscope-opt: error: pipeline:1:30: 'zzqqxx' does not refer to a registered pass or pass pipeline
// NOADV-NEXT:  builtin.module(func.func(cse,zzqqxx))
// NOADV-NEXT:                               ^
// NOADV-NEXT:exit=2
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(irs-test-fial{op=x})" 2>&1 | FileCheck %s --check-prefix=IRS
// IRS: 'irs-test-fial' does not refer to a registered pass or pass pipeline; did you mean 'irs-test-fail'?
// As a flag: no pipeline text to echo.
// RUN: not irscope-opt %s --optimize-allocation-livenes 2>&1 | FileCheck %s --check-prefix=FLAG --match-full-lines
// FLAG: irscope-opt: error: unknown option '--optimize-allocation-livenes'; did you mean '--optimize-allocation-liveness'?

// RUN: not irscope-opt %s --pass-pipeline="builtin.module(canonicalize{max-iteration=3})" 2>&1 | FileCheck %s --check-prefix=BADOPT --match-full-lines --strict-whitespace
// BADOPT:irscope-opt: error: pipeline:1:16: pass 'canonicalize' has no option 'max-iteration'; its options (with defaults): max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true
// BADOPT-NEXT:  builtin.module(canonicalize{max-iteration=3})
// BADOPT-NEXT:                 ^
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(cse{x=1})" 2>&1 | FileCheck %s --check-prefix=NOOPT
// NOOPT: pass 'cse' has no option 'x'; it takes no options

// Usage errors come first and alone: a rerun into a used dump directory
// with --timing prints no (empty) timing table before the error.
// RUN: rm -rf %t && irscope-opt %s --cse --dump-after-each=%t -o /dev/null
// RUN: sh -c 'irscope-opt %s --cse --dump-after-each=%t --timing -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=USED -DDIR=%t --match-full-lines
// USED: irscope-opt: error: dump directory '[[DIR]]' already holds a previous run ('0001-builtin.module-cse.mlir'); remove it or pass --dump-overwrite
// USED-NEXT: exit=2

// The manifest's command line pastes into a shell.
// RUN: rm -rf %t && irscope-opt %s --pass-pipeline="builtin.module(cse)" --dump-after-each=%t -o "%t.it's out.mlir"
// RUN: FileCheck %s --check-prefix=CMD < %t/manifest.xml
// CMD: <command-line>{{.*}}irscope-opt {{.*}}errors-point-the-way.mlir --pass-pipeline='builtin.module(cse)' --dump-after-each={{[^ ]+}} -o '{{.*}}.it'\''s out.mlir'</command-line>

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
