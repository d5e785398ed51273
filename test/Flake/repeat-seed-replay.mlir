// The reproducer of a failing run of a seeded --repeat replays with that
// run's seed: it carries `irscope_run: { seed: "N" }` next to the
// mlir_reproducer entry, and irscope-opt --run-reproducer hands N back to
// the randomised passes, so the replay fails again (without the seed it
// would pass 95% of the time). The terminal names the seed of each new
// failure signature. mlir-opt accepts the extra entry.

// RUN: rm -rf %t
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-flaky{op=func.func rate=0.05},cse)" --repeat=100 --seed=42 --failure-dir=%t 2> %t.log
// RUN: FileCheck %s --check-prefix=LOG -DDIR=%t < %t.log
// LOG: irscope-opt: repeat: run [[RN:[0-9]+]] failed in a new way:
// LOG-NEXT: irscope-opt: error: step 2 'builtin.module(irs-test-flaky{op=func.func rate=0.05})' failed: pass 'irs-test-flaky' signalled failure; report: [[DIR]]/failure-1/report.xml
// LOG-NEXT: irscope-opt: note: run [[RN]] drew with --seed=[[SEED:[0-9]+]]; its reproducer replays with it
// RUN: FileCheck %s --check-prefix=REPRO < %t/failure-1/reproducer.mlir
// REPRO: pipeline: "builtin.module(irs-test-flaky{op=func.func rate=0.05})",
// REPRO: irscope_run: {
// REPRO-NEXT: seed: "{{[0-9]+}}"
// RUN: not irscope-opt --run-reproducer %t/failure-1/reproducer.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPLAY
// RUN: not irscope-opt --run-reproducer %t/failure-1/reproducer.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPLAY
// RUN: not irscope-opt --run-reproducer %t/failure-1/reproducer.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: error: irs-test-flaky: injected flaky failure at 'func.func'
// The seed in the file is the one the terminal named.
// RUN: sh -c 'grep -c "seed: \"$(sed -n "s/.*drew with --seed=\([0-9]*\);.*/\1/p" %t.log | head -1)\"" %t/failure-1/reproducer.mlir' | FileCheck %s --check-prefix=ONE
// ONE: 1

// A crash of a seeded run: the supervisor's replay writes the seed too.
// RUN: rm -rf %t.c
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-flaky{op=func.func rate=0.05 mode=crash},cse)" --repeat=100 --seed=42 --failure-dir=%t.c 2> %t.c.log
// RUN: FileCheck %s --check-prefix=CLOG < %t.c.log
// A crash's first lines have the same form as a pass failure's.
// CLOG: irscope-opt: repeat: run [[RN:[0-9]+]] failed in a new way:
// CLOG: irscope-opt: error: step 2 'builtin.module(irs-test-flaky{op=func.func rate=0.05 mode=crash})' crashed with SIGSEGV{{$}}
// CLOG-NEXT: irscope-opt: note: crashed in {{(runPass|crashNow)}}{{.*}}
// CLOG: irscope-opt: note: report: {{.*}}/failure-1/report.xml
// CLOG-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// CLOG-NEXT: irscope-opt: note: run [[RN]] drew with --seed={{[0-9]+}}; its reproducer replays with it
// RUN: not irscope-opt --run-reproducer %t.c/failure-1/reproducer.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=CREPLAY
// CREPLAY: crashed with SIGSEGV

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
