// --check-results with --check-determinism: each step is first run twice
// on the same input and its IR compared; only when every step is
// deterministic are the results checked. --check-results with --repeat is
// refused with its reason.

// Deterministic steps: the miscompile of step 3 is found as without
// --check-determinism.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,cse,irs-test-miscompile{func=add},symbol-dce)" --check-results --check-determinism --failure-dir=%t/a -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WRONG -DDIR=%t/a --implicit-check-not="irscope-opt:"
// WRONG: irscope-opt: error: step 3 'builtin.module(irs-test-miscompile{func=add})' changed the results of '@main': line 1 was '42', is now '38'; report: [[DIR]]/report.xml
// WRONG-NEXT: irscope-opt: note: found with {{[4-6]}} executions
// WRONG-NEXT: exit=9
// RUN: FileCheck %s --check-prefix=REPORT < %t/a/report.xml
// REPORT: <failure kind="wrong-result" step="3" pass="irs-test-miscompile"

// A step that prints different IR in two runs is reported as
// nondeterminism (exit 8); nothing is executed, no step is blamed for
// the results.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-nondeterministic{op=arith.addi}),irs-test-miscompile{func=add})" --check-results --check-determinism --failure-dir=%t/b -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NONDET -DDIR=%t/b --implicit-check-not="irscope-opt:"
// NONDET: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-nondeterministic{op=arith.addi}))' is not deterministic: {{.*}}; report: [[DIR]]/report.xml
// NONDET-NEXT: irscope-opt: note: replay: irscope-opt --check-determinism --run-reproducer [[DIR]]/reproducer.mlir
// NONDET-NEXT: exit=8
// RUN: FileCheck %s --check-prefix=NDREPORT < %t/b/report.xml
// NDREPORT: <failure kind="nondeterminism" step="2"

// Equal results with deterministic steps: exit 0.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,cse)" --check-results --check-determinism -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SAME --implicit-check-not="irscope-opt:"
// SAME: irscope-opt: note: results match the input's after all 2 steps ({{[12]}} executions)
// SAME-NEXT: exit=0

// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize)" --check-results --repeat=3; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPEAT --implicit-check-not="irscope-opt:"
// REPEAT: irscope-opt: error: '--check-results' cannot be combined with '--repeat': a repetition's verdict is its run's, and a wrong result needs executions after the run; check one run with '--seed=S' instead
// REPEAT-NEXT: exit=2

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
