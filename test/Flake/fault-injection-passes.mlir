// The fault-injection passes for flake hunting, one run at a time.

// irs-test-flaky: rate=0 never fires, rate=1 always does (fail or crash).
// RUN: irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=arith.muli rate=0})" | FileCheck %s --check-prefix=NEVER
// NEVER: arith.muli
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=arith.muli rate=1})" --failure-dir=%t.fail; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ALWAYS
// ALWAYS: error: irs-test-flaky: injected flaky failure at 'arith.muli'
// ALWAYS: exit=1
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=arith.muli rate=1 mode=crash})" --failure-dir=%t.crash; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=CRASH
// CRASH: crashed with SIGSEGV
// CRASH: exit=5
// Without the op the pass does nothing, whatever the rate.
// RUN: irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=arith.divsi rate=1})" | FileCheck %s --check-prefix=NEVER

// Seeded (pass option seed=, or irscope-opt --seed), a rate=0.5 pass makes
// the same choice in every invocation, and the same seed given either way
// makes the same choice.
// RUN: sh -c 'for i in 1 2 3 4 5; do irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=arith.muli rate=0.5 seed=1})" --failure-dir=%t.s >/dev/null 2>&1; echo "seed1 exit=$?"; irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=arith.muli rate=0.5})" --seed=1 --failure-dir=%t.s >/dev/null 2>&1; echo "tool1 exit=$?"; done' | sort | uniq -c | FileCheck %s --check-prefix=SEEDED
// SEEDED: 5 seed1 exit=[[A:[01]]]
// SEEDED-NEXT: 5 tool1 exit=[[A]]

// irs-test-nondeterministic: a random i64 attribute, different every run.
// RUN: irscope-opt %s --pass-pipeline="builtin.module(irs-test-nondeterministic{op=arith.muli})" > %t.n1
// RUN: irscope-opt %s --pass-pipeline="builtin.module(irs-test-nondeterministic{op=arith.muli})" > %t.n2
// RUN: FileCheck %s --check-prefix=NONDET < %t.n1
// NONDET: arith.muli %{{.*}} {irs.nondet = {{[0-9]+}} : i64} : i32
// RUN: not cmp -s %t.n1 %t.n2

// irs-test-thread-race: only with a multithreaded context.
// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-thread-race{op=arith.muli}))" | FileCheck %s --check-prefix=RACE
// RACE: arith.muli %{{.*}} {irs.thread_race} : i32
// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-thread-race{op=arith.muli}))" --mlir-disable-threading | FileCheck %s --check-prefix=NORACE --implicit-check-not=irs.thread_race
// NORACE: arith.muli

// --seed is recorded in the manifest (and reports); without it, no seed.
// RUN: rm -rf %t.d %t.d0
// RUN: irscope-opt %s --cse --seed=12345 --dump-after-each=%t.d > /dev/null
// RUN: xmllint --noout --schema %schemas/manifest.xsd %t.d/manifest.xml
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.d/manifest.xml
// MANIFEST: <settings verify-each="true" threading="true" dump-only-changed="false" seed="12345"/>
// RUN: irscope-opt %s --cse --dump-after-each=%t.d0 > /dev/null
// RUN: FileCheck %s --check-prefix=NOSEED < %t.d0/manifest.xml
// NOSEED: <settings verify-each="true" threading="true" dump-only-changed="false"/>

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.muli %a, %b : i32
  return %0 : i32
}
