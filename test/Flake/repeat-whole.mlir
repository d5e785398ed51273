// A repeated run is one MLIR pass manager (the default; --repeat-whole
// says so explicitly), the schedule mlir-opt uses (the two func.func steps
// below interleave per function), so races that need it can show. A pass
// failure is attributed to its step by the pass manager's stepwise replay;
// a crash has no known step in the run itself (step 0 in the summary, the
// crash site in its signature) and the supervisor's locate replay names
// it when it documents the first one.

// RUN: rm -rf %t %t.c
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-flaky{op=arith.muli rate=1}))" --repeat=3 --repeat-whole --failure-dir=%t; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t < %t.log
// CHECK: irscope-opt: repeat: run 1 failed in a new way:
// CHECK-NEXT: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-flaky{op=arith.muli rate=1}))' failed: pass 'irs-test-flaky' signalled failure; report: [[DIR]]/failure-1/report.xml
// CHECK: irscope-opt: repeat: 3 of 3 runs failed
// CHECK-NEXT: irscope-opt: repeat:   step 2 'builtin.module(func.func(irs-test-flaky{op=arith.muli rate=1}))': 3 failed
// CHECK: exit=1

// One thread, so that no second function's crash races the first one's
// trace (two threads crashing at once can leave different sites).
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,irs-test-flaky{op=arith.muli rate=1 mode=crash}))" --repeat=3 --repeat-whole --mlir-disable-threading --failure-dir=%t.c; echo exit=$?' > %t.c.log 2>&1
// RUN: FileCheck %s --check-prefix=CRASH -DDIR=%t.c < %t.c.log
// CRASH: irscope-opt: repeat: run 1 failed in a new way:
// CRASH: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-flaky{op=arith.muli rate=1 mode=crash}))' crashed with SIGSEGV
// CRASH: irscope-opt: note: report: [[DIR]]/failure-1/report.xml
// CRASH: irscope-opt: repeat: 3 of 3 runs failed
// CRASH-NEXT: irscope-opt: repeat:   no step known: 3 failed
// CRASH-NEXT: irscope-opt: repeat:   signature 1: crash SIGSEGV {{(at .+ )?}}in step 0 (?), 3 runs, first in run 1; artefacts: [[DIR]]/failure-1
// CRASH: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t.c/failure-1/report.xml
// REPORT: <failure kind="crash" step="2" pass="irs-test-flaky"

// RUN: sh -c 'irscope-opt %s --cse --repeat-whole; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=BAD --match-full-lines
// BAD: irscope-opt: error: '--repeat-whole' needs '--repeat'
// BAD-NEXT: exit=2

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.muli %a, %b : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
