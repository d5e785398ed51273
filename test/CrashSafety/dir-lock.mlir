// A second run pointed at the dump or failure directory of a live run is
// refused with one line and exit 2, before it writes anything there; the
// lock (flock on DIR/.irscope-lock) dies with its owner, so a run killed
// with SIGKILL never blocks the next one, and its worker dies with it.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// The first run hangs in step 1 (--step-timeout only ends it should this
// test fail before it kills it).
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-hang{op=arith.muli}))" --step-timeout=60 --dump-after-each=%t/d -o /dev/null >/dev/null 2>&1 & echo $! > %t/pid'
// RUN: sh -c 'for i in $(seq 600); do test -e %t/d/manifest.xml && exit 0; sleep 0.1; done; exit 1'
// RUN: sh -c 'irscope-opt %s --canonicalize --dump-after-each=%t/d --dump-overwrite -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BUSY -DDIR=%t/d --match-full-lines
// BUSY: irscope-opt: error: dump directory '[[DIR]]' is in use by another run (pid {{[0-9]+}}); wait for it to end or choose another directory
// BUSY-NEXT: exit=2
// BUSY-EMPTY:

// The same directory as a failure directory, with --tool, and opt-reduce's.
// RUN: sh -c 'irscope-opt %s --canonicalize --failure-dir=%t/d --tool=%mlir_opt -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FBUSY -DDIR=%t/d --match-full-lines
// FBUSY: irscope-opt: error: failure directory '[[DIR]]' is in use by another run (pid {{[0-9]+}}); wait for it to end or choose another directory
// FBUSY-NEXT: exit=2
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" -o %t/out.mlir --failure-dir=%t/d; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RBUSY -DDIR=%t/d --match-full-lines
// RBUSY: opt-reduce: error: failure directory '[[DIR]]' is in use by another run (pid {{[0-9]+}}); wait for it to end or choose another directory
// RBUSY-NEXT: exit=2
// RUN: not ls %t/out.mlir

// Nothing of the refused runs is in the directory: the first run's input
// dump and manifest, its worker still in step 1.
// RUN: ls %t/d | FileCheck %s --check-prefix=FIRST --match-full-lines
// FIRST: 0000-input.mlir
// FIRST-NEXT: manifest.xml
// FIRST-EMPTY:

// kill -9 the first run's supervisor: its worker dies with it, the lock
// is gone, and the next run goes ahead.
// RUN: sh -c 'kill -9 $(cat %t/pid)'
// RUN: sh -c 'for i in $(seq 600); do flock -n %t/d/.irscope-lock true && exit 0; sleep 0.1; done; exit 1'
// RUN: sh -c 'irscope-opt %s --canonicalize --dump-after-each=%t/d --dump-overwrite -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEXT -DDIR=%t/d --match-full-lines
// NEXT: irscope-opt: dumps: 1 step, 1 changed the IR, none failed: [[DIR]]
// NEXT-NEXT: exit=0
// A finished run takes its lock file with it.
// RUN: ls -A %t/d | FileCheck %s --check-prefix=AFTER --match-full-lines
// AFTER: 0000-input.mlir
// AFTER-NEXT: 0001-builtin.module-canonicalize.mlir
// AFTER-NEXT: manifest.xml
// AFTER-EMPTY:

// A lock held by another process (here flock(1)) refuses a run as well;
// a --failure-dir that a refused or clean run created is not left behind.
// RUN: mkdir -p %t/f && flock %t/f/.irscope-lock sh -c 'irscope-opt %s --canonicalize --repeat=2 --failure-dir=%t/f; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HELD -DDIR=%t/f --match-full-lines
// HELD: irscope-opt: error: failure directory '[[DIR]]' is in use by another run; wait for it to end or choose another directory
// HELD-NEXT: exit=2
// RUN: irscope-opt %s --canonicalize --failure-dir=%t/new -o /dev/null
// RUN: not ls %t/new

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
