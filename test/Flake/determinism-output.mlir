// A step that --check-determinism finds not deterministic is irscope's
// finding (exit 8, its report); the plain tool compares nothing, runs on
// and writes its output. So does irscope-opt: past the differing step its
// run goes on from the step's first run (threaded under =threads, as the
// plain tool runs), as the plain tool runs, and -o and stdout get the
// plain tool's output. irs-test-thread-race marks arith.addi only when
// threading is on, so the plain run's output is known: irscope-opt's own
// without the check, byte for byte mlir-opt's for MLIR's passes
// (test/Driver). irs-test-nondeterministic draws a random attribute: the
// rest is then mlir-opt's run on the first run's output.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse,symbol-dce)" -o %t/plain.mlir
// RUN: FileCheck %s --check-prefix=MARKED < %t/plain.mlir
// MARKED: arith.addi %arg0, %arg0 {irs.thread_race} : i32
// MARKED-NOT: @dead

// Supervised: -o and stdout; in-process (--crash-protection=0).
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse,symbol-dce)" --check-determinism=threads --failure-dir=%t/f1 -o %t/out.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOUND -DDIR=%t/f1 --implicit-check-not=error:
// FOUND: irscope-opt: error: step 2 'builtin.module(func.func(irs-test-thread-race{op=arith.addi}))' is not deterministic: pass 'irs-test-thread-race' printed different IR with threading on and off; report: [[DIR]]/report.xml
// FOUND-NEXT: irscope-opt: note: replay: irscope-opt --check-determinism=threads --run-reproducer [[DIR]]/reproducer.mlir
// FOUND-NEXT: exit=8
// RUN: cmp %t/plain.mlir %t/out.mlir
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse,symbol-dce)" --check-determinism=threads --failure-dir=%t/f2 > %t/stdout.mlir 2> %t/err2; echo exit=$? >> %t/err2'
// RUN: FileCheck %s --check-prefix=FOUND -DDIR=%t/f2 < %t/err2
// RUN: cmp %t/plain.mlir %t/stdout.mlir
// RUN: sh -c 'irscope-opt %s --crash-protection=0 --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse,symbol-dce)" --check-determinism=threads --failure-dir=%t/f3 -o %t/cp0.mlir 2> %t/err3; echo exit=$? >> %t/err3'
// RUN: FileCheck %s --check-prefix=FOUND -DDIR=%t/f3 < %t/err3
// RUN: cmp %t/plain.mlir %t/cp0.mlir
// The report is the finding's: the diff, and steps 3 and 4 not run.
// RUN: FileCheck %s --check-prefix=REPORT < %t/f1/report.xml
// REPORT: <failure kind="nondeterminism" step="2" pass="irs-test-thread-race"
// REPORT: <step index="3" pass="cse" anchor="builtin.module" status="not-run"
// REPORT: <step index="4" pass="symbol-dce" anchor="builtin.module" status="not-run"

// With --mlir-disable-threading the plain run is single-threaded, unlike
// the check's first run: the plain run starts over on the input.
// RUN: irscope-opt %s --mlir-disable-threading --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse,symbol-dce)" -o %t/plain-nt.mlir
// RUN: not cmp -s %t/plain.mlir %t/plain-nt.mlir
// RUN: sh -c 'irscope-opt %s --mlir-disable-threading --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse,symbol-dce)" --check-determinism=threads --failure-dir=%t/f4 -o %t/nt.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=EXIT8
// EXIT8: exit=8
// RUN: cmp %t/plain-nt.mlir %t/nt.mlir

// With --check-results too: the determinism check comes first, and its
// finding leaves the plain tool's output.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),cse,symbol-dce)" --check-determinism=threads --check-results --failure-dir=%t/f5 -o %t/results.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=EXIT8
// RUN: cmp %t/plain.mlir %t/results.mlir

// A random attribute: the output is mlir-opt's run of the steps after the
// differing one on its first run's output (failure-output.mlir).
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-nondeterministic{op=arith.muli}),cse,symbol-dce)" --check-determinism --failure-dir=%t/f6 -o %t/random.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=EXIT8
// RUN: %mlir_opt %t/f6/failure-output.mlir --pass-pipeline="builtin.module(cse,symbol-dce)" | cmp - %t/random.mlir

// A later step that fails without the check too: no output, the old -o
// stays, exit 8.
// RUN: echo old > %t/kept.mlir
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(canonicalize,func.func(irs-test-thread-race{op=arith.addi}),irs-test-fail{op=arith.muli})" --check-determinism=threads --failure-dir=%t/f7 -o %t/kept.mlir; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LATER
// LATER: irscope-opt: error: step 2 {{.*}} is not deterministic
// LATER: error: irs-test-fail: injected failure at 'arith.muli'
// LATER: irscope-opt: note: run on as the plain tool runs, step 3 'builtin.module(irs-test-fail{op=arith.muli})' fails: no output, as the plain tool writes none
// LATER: exit=8
// RUN: FileCheck %s --check-prefix=OLD < %t/kept.mlir
// OLD: old

// Through --tool: Inputs/fake-tool.sh FAKE_MODE=nondet is mlir-opt
// appending a comment that differs from run to run, so step 1 differs;
// the output is the tool's run of steps 2 and 3 on the first run's
// output, to -o and to stdout (comments aside, mlir-opt's).
// RUN: sh -c 'FAKE_MODE=nondet irscope-opt --tool=%S/../Tool/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" --check-determinism --failure-dir=%t/f8 -o %t/tool.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=EXIT8
// RUN: %mlir_opt %t/f8/failure-output.mlir --pass-pipeline="builtin.module(canonicalize,symbol-dce)" -o %t/tool-plain.mlir
// RUN: grep -v '^//' %t/tool.mlir | diff %t/tool-plain.mlir -
// RUN: sh -c 'FAKE_MODE=nondet irscope-opt --tool=%S/../Tool/Inputs/fake-tool.sh %s --pass-pipeline="builtin.module(func.func(cse),canonicalize,symbol-dce)" --check-determinism --failure-dir=%t/f9 > %t/tool-stdout.mlir 2>/dev/null; echo exit=$?' | FileCheck %s --check-prefix=EXIT8
// RUN: %mlir_opt %t/f9/failure-output.mlir --pass-pipeline="builtin.module(canonicalize,symbol-dce)" -o %t/tool-plain9.mlir
// RUN: grep -v '^//' %t/tool-stdout.mlir | diff %t/tool-plain9.mlir -

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %c0 = arith.constant 0 : i32
  %1 = arith.addi %0, %c0 : i32
  return %1 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func private @dead() { return }
