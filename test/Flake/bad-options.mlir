// Bad values of the flake-hunting options are one-line errors with the
// usage exit code 2, reported before anything runs.

// RUN: sh -c 'irscope-opt %s --cse --repeat=0; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ZERO --match-full-lines
// ZERO: irscope-opt: error: option '--repeat' expects a positive number of runs, not '0'
// ZERO-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --cse --repeat=abc; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ABC --match-full-lines
// ABC: irscope-opt: error: option '--repeat' expects a positive number of runs, not 'abc'
// ABC-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --cse --repeat=-3; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NEG --match-full-lines
// NEG: irscope-opt: error: option '--repeat' expects a positive number of runs, not '-3'
// NEG-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --cse --seed=x1; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=SEED --match-full-lines
// SEED: irscope-opt: error: option '--seed' expects an unsigned 64-bit integer, not 'x1'
// SEED-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --cse --check-determinism=sometimes; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=DET --match-full-lines
// DET: irscope-opt: error: option '--check-determinism' takes no value or '=threads', not 'sometimes'
// DET-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --cse --stop-on-failure; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=STOP --match-full-lines
// STOP: irscope-opt: error: '--stop-on-failure' needs '--repeat'
// STOP-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --cse --repeat=3 --dump-after-each=%t; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=DUMP --match-full-lines
// DUMP: irscope-opt: error: '--repeat' cannot be combined with '--dump-after-each'
// DUMP-NEXT: exit=2
// RUN: sh -c 'irscope-opt %s --cse --repeat=3 --check-determinism; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BOTH --match-full-lines
// BOTH: irscope-opt: error: '--repeat' cannot be combined with '--check-determinism'
// BOTH-NEXT: exit=2

// A pipeline error is found before any run is forked.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(nosuch)" --repeat=3 --failure-dir=%t.p; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: irscope-opt: error: pipeline:1:16: 'nosuch' does not refer to a registered pass or pass pipeline
// PIPE-NEXT: {{^}}  builtin.module(nosuch){{$}}
// PIPE-NEXT: {{^ +\^$}}
// PIPE-NEXT: exit=2
// From pass flags, as without --repeat: no column in a text never written.
// RUN: sh -c 'irscope-opt %s --cse --nosuch --repeat=3; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=FLAGS --match-full-lines
// FLAGS: irscope-opt: error: unknown option '--nosuch'
// FLAGS-NEXT: exit=2

// Pass options of the fault-injection passes are checked too.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func})"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=RATE
// RATE: pass 'irs-test-flaky' requires option 'rate=P' with P between 0 and 1, not ''
// RATE: exit=2
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func rate=1.5})"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=RATE2
// RATE2: pass 'irs-test-flaky' requires option 'rate=P' with P between 0 and 1, not '1.5'
// RATE2: exit=2
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func rate=0.5 mode=sometimes})"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: option 'mode' of pass 'irs-test-flaky' must be 'fail', 'crash' or 'attr', not 'sometimes'
// MODE: exit=2
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func rate=0.5 seed=-1})"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=PSEED
// PSEED: option 'seed' of pass 'irs-test-flaky' expects an unsigned integer, not '-1'
// PSEED: exit=2
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-thread-race{op=func.func mode=fail})"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=RMODE
// RMODE: option 'mode' of pass 'irs-test-thread-race' must be 'attr' or 'crash', not 'fail'
// RMODE: exit=2
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-nondeterministic)"; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=NOP
// NOP: pass 'irs-test-nondeterministic' requires option 'op=NAME'
// NOP: exit=2

func.func @f() {
  return
}
