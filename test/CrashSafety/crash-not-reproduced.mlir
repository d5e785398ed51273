// A whole-pipeline run announces no step, so when its worker dies the
// supervisor replays the pipeline step by step to find the step. A crash
// that depends on thread timing (MLIR's liveness race,
// llvm/llvm-project#207834) may not happen again in that replay: the error
// line and report.xml then say that the replay ran every step without
// crashing, instead of a bare "the pipeline crashed", and a note says
// what to try. irs-test-abort{runs=K file=PATH} aborts in its first K runs
// only (counted in PATH): with runs=1 the user's run aborts and the
// replay does not, deterministically; with runs=2 the replay aborts too
// and names step 2 as before.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli runs=1 file=%t/once.count},canonicalize)" --failure-dir=%t/once -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ONCE -DDIR=%t/once --implicit-check-not="irscope-opt: error:"
// ONCE: irscope-opt: error: the pipeline crashed with SIGABRT, but a stepwise replay of every step did not, so no step is known
// ONCE: irscope-opt: note: the failure depends on timing or scheduling: --repeat=N runs the whole pipeline N times and counts how often it fails; --mlir-disable-threading tells whether threads matter
// ONCE: irscope-opt: note: report: [[DIR]]/report.xml
// ONCE: exit=5
// The user's run and the one locating replay ran it (with no step known,
// the snapshot replay only writes the full reproducer).
// RUN: wc -c < %t/once.count | FileCheck %s --check-prefix=RUNS
// RUNS: {{^}}2{{$}}
// RUN: xmllint --noout --schema %schemas/report.xsd %t/once/report.xml
// RUN: FileCheck %s --check-prefix=REPORT < %t/once/report.xml
// REPORT: <failure kind="crash" step="0" pass="" anchor=""
// REPORT-NEXT: <message>the pipeline crashed with SIGABRT, but a stepwise replay of every step did not, so no step is known</message>
// REPORT: <replay located="not-reproduced" runs="1">the failure depends on timing or scheduling (threads): run the whole pipeline many times (irscope-opt --repeat=N) to see how often it happens, and with --mlir-disable-threading to see whether threads matter</replay>
// REPORT: <full-reproducer file="reproducer-full.mlir"
// REPORT: <steps count="3">
// REPORT-NEXT: <step index="1" pass="cse" anchor="func.func" status="not-run">

// Under --repeat the tally is the advice: no note.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli runs=1 file=%t/rep.count},canonicalize)" --repeat=2 --failure-dir=%t/rep; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPEAT
// REPEAT: irscope-opt: error: the pipeline crashed with SIGABRT, but a stepwise replay of every step did not, so no step is known
// REPEAT-NOT: --repeat=N runs
// REPEAT: irscope-opt: repeat: 1 of 2 runs failed

// Two aborts: the replay crashes too, in step 2.
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),irs-test-abort{op=arith.muli runs=2 file=%t/twice.count},canonicalize)" --failure-dir=%t/twice -o /dev/null; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TWICE --implicit-check-not="irscope-opt: error:" --implicit-check-not="timing or scheduling"
// TWICE: irscope-opt: error: step 2 'builtin.module(irs-test-abort{op=arith.muli runs=2 file={{.*}}twice.count})' crashed with SIGABRT
// TWICE: exit=5
// RUN: FileCheck %s --check-prefix=TWICE-REPORT < %t/twice/report.xml
// TWICE-REPORT: <failure kind="crash" step="2" pass="irs-test-abort"
// TWICE-REPORT: <replay located="in-step" runs="1"/>

// The pass without runs= aborts every time (its other tests), and runs=
// wants its file.
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(irs-test-abort{op=arith.muli runs=1})" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: irscope-opt: error: pipeline:1:16: pass 'irs-test-abort': options 'runs' and 'file=PATH' go together

func.func @f(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
