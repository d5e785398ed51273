// --failure-dir=DIR: a reduced crash is documented as irscope-opt documents
// a dead worker (the library's irsCrashDocument): report.xml names the
// tool, the reduced result and its failing step, and the reproducers
// replay the crash. Other signatures write nothing and say so; the option
// needs a pipeline.
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))" -o %t/out.mlir --failure-dir=%t/fd/sub; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: {{.*}}; signature: crash in irs-test-crash
// LOG-NEXT: opt-reduce: note: step 1 'builtin.module(func.func(irs-test-crash{op=arith.muli}))' crashed with SIGSEGV; report: {{.*}}/fd/sub/report.xml
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=REPORT < %t/fd/sub/report.xml
// REPORT: <tool name="opt-reduce"
// REPORT: <input path="{{.*}}out.mlir"
// REPORT: <pipeline>builtin.module(func.func(irs-test-crash{op=arith.muli}))</pipeline>
// REPORT: <failure kind="crash" step="1" pass="irs-test-crash" anchor="func.func"
// REPORT-SAME: signal-name="SIGSEGV"
// REPORT: <pre-step-ir file="failure-input.mlir"/>
// REPORT-NEXT: <reproducer file="reproducer.mlir" pipeline="builtin.module(func.func(irs-test-crash{op=arith.muli}))"/>

// The IR going into the step is the reduced module.
// RUN: FileCheck %s --check-prefix=PRE --implicit-check-not=@g < %t/fd/sub/failure-input.mlir
// PRE: func.func @f
// PRE: arith.muli

// The reproducer replays the crash in irscope-opt (exit code 5).
// RUN: sh -c 'irscope-opt --run-reproducer %t/fd/sub/reproducer.mlir -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY
// REPLAY: crashed with SIGSEGV
// REPLAY: exit=5

// A pass failure is not a dead worker: nothing is written.
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(irs-test-fail{op=arith.muli}))" -o %t/out2.mlir --failure-dir=%t/fd2; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAIL
// FAIL: opt-reduce: note: --failure-dir documents a crash, a timeout or a memory limit, not pass-failure: nothing written to '{{.*}}fd2'
// FAIL-NEXT: exit=0
// RUN: not ls %t/fd2

// RUN: sh -c 'opt-reduce %s --test=/bin/true --failure-dir=%t/fd3; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCRIPT
// SCRIPT: opt-reduce: error: '--failure-dir' needs a pipeline, not a test script
// SCRIPT-NEXT: exit=2

func.func @g(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %x, %x : i32
  return %1 : i32
}
