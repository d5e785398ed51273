// An input that is not interesting to begin with is a usage error (exit 2):
// one line that names what was observed, and no output file.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.out %t.tmp && mkdir %t.tmp

// In-process: the pipeline succeeds.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.divsi}))" -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OK --match-full-lines
// OK-NOT: {{.}}
// OK:      opt-reduce: error: the input is not interesting: the pipeline succeeds on it
// OK-NEXT: exit=2
// OK-EMPTY:
// RUN: not ls %t.out

// Script mode, exit 0 means interesting: the script exits 1.
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=sh --test-arg=%S/Inputs/fails-on-muli.sh -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXIT1 --match-full-lines
// EXIT1:      opt-reduce: error: the input is not interesting: the test exited (exit code 1; 0 means interesting)
// EXIT1-NEXT: exit=2
// RUN: not ls %t.out

// Script mode with --test-must-fail: the script exits 0.
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=true --test-must-fail -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXIT0 --match-full-lines
// EXIT0:      opt-reduce: error: the input is not interesting: the test exited (exit code 0; --test-must-fail expects non-zero)
// EXIT0-NEXT: exit=2
// RUN: not ls %t.out

// A test script that does not exist, given as a path ...
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=%t.missing.sh -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING --match-full-lines -DSCRIPT=%t.missing.sh
// MISSING:      opt-reduce: error: cannot find test script '[[SCRIPT]]'
// MISSING-NEXT: exit=2
// ... or as a command name not found on PATH.
// RUN: sh -c 'TMPDIR=%t.tmp opt-reduce %s --test=no-such-test-command -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOCMD --match-full-lines
// NOCMD:      opt-reduce: error: cannot run the test script 'no-such-test-command'
// NOCMD-NEXT: exit=2
// RUN: not ls %t.out

// None of these leaves a candidate behind in $TMPDIR.
// RUN: ls -A %t.tmp | count 0

func.func @f(%x: i32) -> i32 {
  %0 = arith.muli %x, %x : i32
  return %0 : i32
}
