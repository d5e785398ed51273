// The input's check of a big module (100000 ops or more) runs with MLIR's
// threads when a step is nested; every other test runs without, so its
// signature is only taken once a single-threaded run confirms it:
// failing-symbol's candidate (the crashing function and, with threads, the
// one the other thread was on, with what they use) when it is kept, else a
// second check without threads. Either way the result is the one a
// single-threaded check gives.

// A generated module of about 103000 ops with the crash snippet on top.
// RUN: %python %irscope_src/bench/gen_module.py --lines 115000 -o %t.gen
// RUN: sed '2r %S/Inputs/strategy-buried-snippet.mlir' %t.gen > %t.big.mlir

// A crash in a nested step: the candidate confirms the threaded check.
// RUN: opt-reduce %t.big.mlir --pass-pipeline="builtin.module(func.func(irs-test-crash{op=math.sqrt}))" --strategies=failing-symbol,erase-symbols -v -o %t.nested 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NESTED
// NESTED:      opt-reduce: test 1 [check] the module as it is: crash in irs-test-crash, interesting
// NESTED-NEXT: opt-reduce: note: the input was checked with MLIR's threads: its signature is taken once a run without them confirms it
// NESTED-NEXT: opt-reduce: test 2 [failing-symbol] erase {{[0-9]+}} ops: {{.*}}: crash in irs-test-crash, interesting
// NESTED-NOT:  checked again without threads
// NESTED:      signature: crash in irs-test-crash
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=func.func < %t.nested
// OUT: func.func @buried(
// OUT:   math.sqrt

// A crash in a step on the module: nothing to cut to, so the check runs
// again without threads, and the reduction goes on from its signature.
// RUN: opt-reduce %t.big.mlir --pass-pipeline="builtin.module(func.func(canonicalize),irs-test-crash{op=math.sqrt})" --strategies=failing-symbol -v -o %t.module 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODULE
// MODULE:      opt-reduce: test 1 [check] the module as it is: crash in irs-test-crash, interesting
// MODULE-NEXT: opt-reduce: note: the input was checked with MLIR's threads: its signature is taken once a run without them confirms it
// MODULE-NEXT: opt-reduce: note: the input checked with threads was not confirmed by its failing function alone: checked again without threads
// MODULE-NEXT: opt-reduce: test 2 [check] the module as it is: crash in irs-test-crash, interesting
// MODULE:      signature: crash in irs-test-crash

// Below the threshold the check runs single-threaded, as every test.
// RUN: opt-reduce %S/Inputs/strategy-buried-snippet.mlir --pass-pipeline="builtin.module(func.func(irs-test-crash{op=math.sqrt}))" --strategies=failing-symbol -v -o %t.small 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SMALL
// SMALL-NOT: MLIR's threads
// SMALL:     signature: crash in irs-test-crash
