// Bad command lines are usage errors: exit code 2, one line
// "opt-reduce: error: ..." on stderr, nothing reduced, no output file.
// An output that cannot be written is an I/O error: exit code 4.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.out %t.dir

// Exactly one mode: none, or a pipeline and pass flags.
// RUN: sh -c 'opt-reduce %s -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODE --match-full-lines
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(cse)" --cse -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODE --match-full-lines
// MODE-NOT: {{.}}
// MODE:      opt-reduce: error: give exactly one of --pass-pipeline, pass flags, or --test
// MODE-NEXT: exit=2
// MODE-EMPTY:

// An unknown option that names no pass is an unknown option, whatever it
// is given with.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(cse)" --no-such-option -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --match-full-lines
// UNKNOWN-NOT: {{.}}
// UNKNOWN:      opt-reduce: error: unknown option '--no-such-option'
// UNKNOWN-NEXT: exit=2

// An option that takes a value followed by another of the tool's options:
// two options were meant, so nothing is written to a file named after the
// second (the time limit is not silently dropped).
// RUN: rm -rf %t.cwd && mkdir %t.cwd && cd %t.cwd && sh -c 'opt-reduce %s --pass-pipeline="builtin.module(cse)" --emit-lit-test --max-time=20 -o %t.out; echo exit=$?; ls -A | wc -l' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SWALLOW --match-full-lines
// SWALLOW-NOT: {{.}}
// SWALLOW:      opt-reduce: error: option '--emit-lit-test' requires a value (FILE), not the option '--max-time=20'
// SWALLOW-NEXT: exit=2
// SWALLOW-NEXT: 0

// A miscompile has no failure to pin: its test checks the correct output
// and fails today (the fix form), so the pin form is refused before
// anything runs.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(canonicalize)" --miscompile --emit-lit-test=%t.test --emit-lit-test-mode=pin -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PINMIS --match-full-lines
// PINMIS-NOT: {{.}}
// PINMIS:      opt-reduce: error: '--emit-lit-test-mode=pin' cannot be combined with '--miscompile': its test checks the correct output and fails today (a known-bug suite marks it XFAIL)
// PINMIS-NEXT: exit=2
// RUN: not test -e %t.test
// RUN: not test -e %t.out

// Exactly one input.
// RUN: sh -c 'opt-reduce --canonicalize -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INPUTS --match-full-lines
// INPUTS:      opt-reduce: error: expected exactly one input file
// INPUTS-NEXT: exit=2

// Times (--test-timeout, --max-time) are positive numbers of seconds.
// RUN: sh -c 'opt-reduce %s --canonicalize --test-timeout=0 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TIMEOUT --match-full-lines
// TIMEOUT:      opt-reduce: error: option '--test-timeout' expects a positive number of seconds, not '0'
// TIMEOUT-NEXT: exit=2

// -j, --test-runs and --min-rate: a number of tests from 1 up, a positive
// number of runs, a fraction in (0, 1]; --seed a non-negative integer.
// RUN: sh -c 'opt-reduce %s --canonicalize -j 0 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=JOBS --match-full-lines
// JOBS:      opt-reduce: error: option '-j' expects a number of tests from 1 to 64, not '0'
// JOBS-NEXT: exit=2
// JOBS-EMPTY:
// RUN: sh -c 'opt-reduce %s --canonicalize -j two -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=JOBSWORD --match-full-lines
// JOBSWORD:      opt-reduce: error: option '-j' expects an integer, not 'two'
// JOBSWORD-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --canonicalize --test-runs=0 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RUNS --match-full-lines
// RUNS:      opt-reduce: error: option '--test-runs' expects a positive number of runs, not '0'
// RUNS-NEXT: exit=2
// RUNS-EMPTY:
// RUN: sh -c 'opt-reduce %s --canonicalize --test-runs=4 --min-rate=2 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RATE --match-full-lines
// RATE:      opt-reduce: error: option '--min-rate' expects a fraction in (0, 1], not '2'
// RATE-NEXT: exit=2
// RATE-EMPTY:
// RUN: sh -c 'opt-reduce %s --canonicalize --min-rate=0 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RATE0 --match-full-lines
// RATE0:      opt-reduce: error: option '--min-rate' expects a fraction in (0, 1], not '0'
// RATE0-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --canonicalize --seed=-3 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SEED --match-full-lines
// SEED:      opt-reduce: error: option '--seed' expects a non-negative integer, not '-3'
// SEED-NEXT: exit=2
// RUN: not ls %t.out

// An input that does not exist or does not parse.
// RUN: sh -c 'opt-reduce %t.missing.mlir --canonicalize -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOINPUT --match-full-lines -DIN=%t.missing.mlir
// NOINPUT:      opt-reduce: error: cannot open input file '[[IN]]': No such file or directory
// NOINPUT-NEXT: exit=2
// RUN: sh -c 'opt-reduce %S/Inputs/check-interesting.sh --canonicalize -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MALFORMED
// MALFORMED:      check-interesting.sh:{{[0-9]+}}:{{[0-9]+}}: error:
// MALFORMED:      exit=2
// RUN: not ls %t.out

// The output (or the reproducer, or the lit test) cannot be written: I/O
// error, exit 4. The reproducer and the lit test are written after the
// reduction, so -o holds the reduced module by then.
// RUN: sh -c 'opt-reduce %s --irs-test-fail=op=arith.muli --strategies=erase-symbols -o %t.dir/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOOUT --match-full-lines -DOUT=%t.dir/out.mlir
// NOOUT:      opt-reduce: error: cannot write '[[OUT]]': {{.+}}
// NOOUT-NEXT: exit=4
// RUN: sh -c 'opt-reduce %s --irs-test-fail=op=arith.muli --strategies=erase-symbols -o %t.out --reproducer=%t.dir/repro.mlir --emit-lit-test=%t.dir/reduced.test; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOREPRO -DDIR=%t.dir
// NOREPRO:      opt-reduce: error: cannot write '[[DIR]]/repro.mlir'
// NOREPRO-NEXT: opt-reduce: error: cannot write '[[DIR]]/reduced.test': No such file or directory
// NOREPRO-NEXT: exit=4
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// OUT: arith.muli

// --help.
// RUN: opt-reduce --help | FileCheck %s --check-prefix=HELP
// HELP: usage: opt-reduce INPUT (--pass-pipeline=PIPE | --<pass>... | --test=SCRIPT) [options]
// HELP: --strategies=LIST
// HELP: Exit codes: 0 reduced, 2 usage error or input not

func.func @f(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
