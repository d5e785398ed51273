// Every execution's JIT writes a perf jitdump (MLIR's ExecutionEngine
// registers LLVM's perf listener, which writes under $JITDUMPDIR, else the
// temporary directory). --check-results leaves none of them behind: not
// after a wrong result, not through --tool, not when the JIT'd code dies,
// nor does opt-reduce --miscompile; $TMPDIR and $HOME hold nothing
// afterwards. A JITDUMPDIR the user set (to
// profile with perf) gets the dumps, as without irscope.

// RUN: rm -rf %t && mkdir -p %t/tmp %t/home

// In-process, a wrong result (exit 9).
// RUN: sh -c 'env TMPDIR=%t/tmp HOME=%t/home irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-miscompile{func=add},cse)" --check-results --failure-dir=%t/f1 -o %t/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WRONG
// WRONG: irscope-opt: error: step 2 'builtin.module(irs-test-miscompile{func=add})' changed the results of '@main'
// WRONG: exit=9
// RUN: find %t/tmp %t/home -mindepth 1 | count 0

// Through --tool: the tool runs the steps, irscope executes their output.
// RUN: sh -c 'env TMPDIR=%t/tmp HOME=%t/home irscope-opt %s --tool=%mlir_opt --pass-pipeline="builtin.module(inline,canonicalize)" --check-results --failure-dir=%t/f2 -o %t/out2.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAME
// SAME: irscope-opt: note: results match the input's after all 2 steps ({{[0-9]+}} executions)
// SAME-NEXT: exit=0
// RUN: find %t/tmp %t/home -mindepth 1 | count 0

// The reference's JIT'd code aborts: its worker dies, its dump goes too.
// RUN: sh -c 'env TMPDIR=%t/tmp HOME=%t/home irscope-opt %S/check-results-reference-crash.mlir --canonicalize --check-results --failure-dir=%t/f3 -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CRASH
// CRASH: does not run cleanly: '@main' crashed (signal 6)
// CRASH: exit=2
// RUN: find %t/tmp %t/home -mindepth 1 | count 0

// opt-reduce --miscompile executes through the same executor, and its
// temporary directory goes too.
// RUN: env TMPDIR=%t/tmp HOME=%t/home opt-reduce %s --pass-pipeline='builtin.module(canonicalize,irs-test-miscompile{func=add},cse)' --miscompile -o %t/reduced.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REDUCE
// REDUCE: opt-reduce: done: wrote '{{.*}}reduced.mlir'
// RUN: find %t/tmp %t/home -mindepth 1 | count 0

// The user's JITDUMPDIR: one dump per execution worker there, nothing else
// anywhere.
// RUN: sh -c 'env JITDUMPDIR=%t/prof TMPDIR=%t/tmp HOME=%t/home irscope-opt %s --pass-pipeline="builtin.module(canonicalize,cse)" --check-results -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAME
// RUN: find %t/prof -name 'jit-*.dump' | FileCheck %s --check-prefix=PROF
// PROF: {{.*}}/prof/.debug/jit/llvm-IR-jit-{{[0-9]+}}-{{[0-9a-z]+}}/jit-{{[0-9]+}}.dump
// RUN: find %t/tmp %t/home -mindepth 1 | count 0

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %r = call @add(%c40, %c2) : (i32, i32) -> i32
  vector.print %r : i32
  return
}
