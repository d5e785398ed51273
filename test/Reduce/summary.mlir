// The final summary, on stderr before the last line: op counts and sizes
// (the module as -o has it) before and after; tests run and candidates the
// cache answered without a test; time, -j and seed; the changes each
// strategy made and the ops they removed. Without a terminal, progress is
// one line per improvement; on a terminal it is one live line, redrawn.
//
// With -j 1 the counts are exact. The cache: erase-symbols' last ddmin
// round tests {@b} alone and finds it needed; the fixed-point loop's
// confirming round meets the same candidate on the same module and does
// not test it again. The empty module (the first candidate of every ddmin
// over top-level ops) is tested once per pipeline (5 tests, not 9). Four
// tests more come first: the input's pass failure is run four times as the
// plain tool runs it, to see whether a death follows it (none does here).
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: sh -c 'opt-reduce %s --irs-test-fail=op=arith.muli --strategies=erase-symbols -j 1 --seed=42 -o %t.out; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG --match-full-lines -DOUT=%t.out
// LOG:      opt-reduce: erase-symbols: 7 ops (8 tests, {{[0-9.]+}} s)
// LOG-NEXT: opt-reduce: erase-symbols: 5 ops (9 tests, {{[0-9.]+}} s)
// LOG-NEXT: opt-reduce: ops: 10 -> 5, bytes: 280 -> 147
// LOG-NEXT: opt-reduce: tests: 9 run + 4 cached in {{[0-9.]+}} s ({{[0-9.]+}} tests/s, -j 1, seed 42)
// LOG-NEXT: opt-reduce: wins: erase-symbols 2 (-5 ops)
// LOG-NEXT: opt-reduce: done: wrote '[[OUT]]' (9 tests); signature: pass-failure in irs-test-fail
// LOG-NEXT: exit=0
// RUN: wc -c < %t.out | FileCheck %s --check-prefix=BYTES
// BYTES: 147
// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=func.func < %t.out
// OUT: func.func @b(

// Without -j: up to the online CPUs, one test at a time while tests are
// short (see docs/opt-reduce.md); the summary says so.
// RUN: opt-reduce %s --irs-test-fail=op=arith.muli --strategies=erase-symbols -o %t.auto 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AUTO
// AUTO: opt-reduce: tests: {{[0-9]+}} run + {{[0-9]+}} cached in {{[0-9.]+}} s ({{[0-9.]+}} tests/s, -j auto up to {{[1-9][0-9]*}}, seed none)

// Two strategies: each is credited with what it removed; erase-ops turns
// the addi feeding the muli into ub.poison (no net change in ops).
// RUN: opt-reduce %s --irs-test-fail=op=arith.muli --strategies=erase-symbols,erase-ops -j 1 -o %t.out2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WINS
// WINS: opt-reduce: wins: erase-symbols 2 (-5 ops), erase-ops {{[1-9][0-9]*}} (+0 ops)

// Progress lines: a line with a count reports the fewest ops so far; a kept
// change that removes no op (erase-ops' poison above) says what it is
// rather than repeating the count.
// RUN: opt-reduce %s --irs-test-fail=op=arith.muli --strategies=erase-symbols,erase-ops -j 1 -o %t.out3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PROG
// PROG:      opt-reduce: erase-symbols: 7 ops (8 tests, {{[0-9.]+}} s)
// PROG-NEXT: opt-reduce: erase-symbols: 5 ops (9 tests, {{[0-9.]+}} s)
// PROG-NEXT: opt-reduce: erase-ops: simplified, now 5 ops (fewest so far 5; {{[0-9]+}} tests, {{[0-9.]+}} s)
// PROG-NOT:  opt-reduce: {{[a-z-]+}}: 5 ops (
// PROG:      opt-reduce: ops: 10 -> 5

// On a terminal (script(1) provides one): a live line, redrawn in place
// ("\r" and erase-line), that the summary replaces.
// RUN: script -qec "opt-reduce %s --irs-test-fail=op=arith.muli --strategies=erase-symbols -j 1 -o %t.out3" /dev/null \
// RUN:   | tr '\r' '\n' | FileCheck %s --check-prefix=TTY
// TTY-NOT: opt-reduce: erase-symbols: 7 ops
// TTY: opt-reduce: {{[0-9]+}} ops left (from 10), {{[0-9]+}} tests (+{{[0-9]+}} cached), {{[0-9.]+}} tests/s, {{[0-9.]+}} s, erase-symbols
// TTY: opt-reduce: 5 ops left (from 10), {{[0-9]+}} tests (+{{[0-9]+}} cached), {{[0-9.]+}} tests/s, {{[0-9.]+}} s, erase-symbols
// TTY: opt-reduce: ops: 10 -> 5, bytes: 280 -> 147
// TTY: opt-reduce: done: wrote

func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
func.func @c() {
  return
}
