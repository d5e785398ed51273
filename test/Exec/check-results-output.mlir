// Output with --check-results is the plain tool's: what irscope finds after
// the run (a wrong result, results that are not deterministic, an input
// that cannot be executed, an interrupt) is no failure of the run mlir-opt
// makes, which exits 0 and writes its output. So -o (atomically) and stdout
// get mlir-opt's bytes, in-process and with --tool, and then the check's
// exit code. A run that fails as mlir-opt's does (a pass failure) leaves an
// existing -o file as it was.
// The input is a real canonicalize miscompile (llvm/llvm-project#219456,
// bench/upstream/), as in test/Tool/check-results.test.

// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %irscope_src/bench/upstream/canon-while-dup-forward-miscompile.mlir %t/in.mlir
// RUN: %mlir_opt %t/in.mlir --pass-pipeline="builtin.module(canonicalize,cse)" -o %t/plain.mlir

// A wrong result in-process: -o FILE, then -o - (stdout).
// RUN: sh -c 'irscope-opt %t/in.mlir --pass-pipeline="builtin.module(canonicalize,cse)" --check-results --failure-dir=%t/f1 -o %t/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WRONG
// WRONG: irscope-opt: error: step 1 'builtin.module(canonicalize)' changed the results of '@main'
// WRONG: exit=9
// RUN: cmp %t/plain.mlir %t/out.mlir
// RUN: sh -c 'irscope-opt %t/in.mlir --pass-pipeline="builtin.module(canonicalize,cse)" --check-results --failure-dir=%t/f2 > %t/stdout.mlir 2> %t/err; echo exit=$? >> %t/err'
// RUN: FileCheck %s --check-prefix=WRONG < %t/err
// RUN: cmp %t/plain.mlir %t/stdout.mlir

// The same through --tool: the tool writes -o; stdout gets it too.
// RUN: sh -c 'irscope-opt %t/in.mlir --tool=%mlir_opt --pass-pipeline="builtin.module(canonicalize,cse)" --check-results --failure-dir=%t/f3 > %t/tool-stdout.mlir 2> %t/err3; echo exit=$? >> %t/err3'
// RUN: FileCheck %s --check-prefix=WRONG < %t/err3
// RUN: cmp %t/plain.mlir %t/tool-stdout.mlir

// Results that are not deterministic (exit 8) and a reference that crashes
// (exit 2): mlir-opt exits 0 on both runs, and so the output is there.
// RUN: %mlir_opt %S/check-results-nondeterministic.mlir --pass-pipeline="builtin.module(inline,symbol-dce)" -o %t/plain-nd.mlir
// RUN: sh -c 'irscope-opt %S/check-results-nondeterministic.mlir --pass-pipeline="builtin.module(inline,symbol-dce)" --check-results --failure-dir=%t/f4 -o %t/nd.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONDET
// NONDET: irscope-opt: error: the results are not deterministic
// NONDET: exit=8
// RUN: cmp %t/plain-nd.mlir %t/nd.mlir
// RUN: %mlir_opt %S/check-results-reference-crash.mlir --canonicalize -o %t/plain-crash.mlir
// RUN: sh -c 'irscope-opt %S/check-results-reference-crash.mlir --canonicalize --check-results --failure-dir=%t/f5 -o %t/crash.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH
// CRASH: does not run cleanly: '@main' crashed (signal 6)
// CRASH: exit=2
// RUN: cmp %t/plain-crash.mlir %t/crash.mlir

// A pass that fails fails mlir-opt's run too: no output, the old file
// stays.
// RUN: echo old > %t/kept.mlir
// RUN: not irscope-opt %t/in.mlir --pass-pipeline="builtin.module(canonicalize,irs-test-fail{op=scf.while})" --check-results --failure-dir=%t/f6 -o %t/kept.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAIL
// FAIL: irscope-opt: error: step 2 {{.*}} failed
// RUN: FileCheck %s --check-prefix=OLD < %t/kept.mlir
// OLD: old
