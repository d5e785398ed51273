// Every failing --repeat run's reproducers replay its failure, seeded or
// not. Without --seed the repeat draws a master seed, prints it and records
// it in repeat.xml (seed-drawn="true"); run i draws with
// irsSeedForRun(master, i), and that seed goes into the failure's
// reproducer.mlir, reproducer-full.mlir and report.xml. Each reproducer
// fails 5 replays of 5 (rate 0.3: a replay drawing afresh would pass 70%
// of the time), and '--seed=<master>' repeats the whole hunt.

// A pass failure, no --seed.
// RUN: rm -rf %t.f %t.r
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(cse,irs-test-flaky{op=func.func rate=0.3},canonicalize)" --repeat=40 --failure-dir=%t.f 2> %t.f.log
// RUN: FileCheck %s --check-prefix=SEED < %t.f.log
// SEED: irscope-opt: repeat: seed [[MASTER:[0-9]+]] (drawn; '--seed' with it repeats these runs)
// SEED: irscope-opt: note: run {{[0-9]+}} drew with --seed={{[0-9]+}}; its reproducer replays with it
// SEED: irscope-opt: repeat: [[N:[0-9]+]] of 40 runs failed
// RUN: xmllint --noout --schema %schemas/repeat.xsd %t.f/repeat.xml
// RUN: FileCheck %s --check-prefix=XML < %t.f/repeat.xml
// XML: seed="{{[0-9]+}}" seed-drawn="true"/>
// XML: <signature id="1" kind="pass-failure" step="2" pass="irs-test-flaky" count="{{[0-9]+}}" first-run="{{[0-9]+}}" run-seed="{{[0-9]+}}"
// RUN: FileCheck %s --check-prefix=REPORT < %t.f/failure-1/report.xml
// REPORT: <settings verify-each="true" threading="true" dump-only-changed="false" seed="{{[0-9]+}}"/>
// RUN: sh -c 'n=0; for i in 1 2 3 4 5; do irscope-opt --run-reproducer %t.f/failure-1/reproducer.mlir --failure-dir=%t.r -o /dev/null 2>/dev/null || n=$((n+1)); done; echo failed=$n' | FileCheck %s --check-prefix=FIVE
// FIVE: failed=5

// The printed master seed repeats the hunt: the same failures.
// RUN: rm -rf %t.g
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse,irs-test-flaky{op=func.func rate=0.3},canonicalize)" --repeat=40 --failure-dir=%t.g --seed=$(sed -n "s/.*repeat: seed \([0-9]*\) .*/\1/p" %t.f.log) 2> %t.g.log; true'
// RUN: sh -c 'grep "runs failed" %t.f.log; grep "runs failed" %t.g.log' | FileCheck %s --check-prefix=SAME
// SAME: repeat: [[N:[0-9]+]] of 40 runs failed
// SAME-NEXT: repeat: [[N]] of 40 runs failed
// RUN: FileCheck %s --check-prefix=GIVEN < %t.g/repeat.xml
// GIVEN: seed="{{[0-9]+}}" seed-drawn="false"/>

// A crash, no --seed: the supervisor's replays write both reproducers with
// the dead run's seed, and report.xml names it.
// RUN: rm -rf %t.c %t.cr
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(cse,irs-test-flaky{op=func.func rate=0.3 mode=crash},canonicalize)" --repeat=40 --failure-dir=%t.c 2> %t.c.log
// RUN: FileCheck %s --check-prefix=CLOG < %t.c.log
// CLOG: irscope-opt: repeat: seed {{[0-9]+}} (drawn;
// CLOG: crashed with SIGSEGV
// RUN: FileCheck %s --check-prefix=CREPORT < %t.c/failure-1/report.xml
// CREPORT: <settings verify-each="true" threading="true" dump-only-changed="false" seed="{{[0-9]+}}"/>
// RUN: FileCheck %s --check-prefix=CSEED < %t.c/failure-1/reproducer-full.mlir
// CSEED: pipeline: "builtin.module(cse,irs-test-flaky{op=func.func rate=0.3 mode=crash},canonicalize)",
// CSEED: irscope_run: {
// CSEED-NEXT: seed: "{{[0-9]+}}"
// RUN: sh -c 'n=0; for f in reproducer reproducer-full; do for i in 1 2 3 4 5; do irscope-opt --run-reproducer %t.c/failure-1/$f.mlir --failure-dir=%t.cr -o /dev/null 2>/dev/null; test $? = 5 && n=$((n+1)); done; done; echo crashed=$n' | FileCheck %s --check-prefix=CTEN
// CTEN: crashed=10

// The same with --seed: reproducer-full.mlir carries the run's seed too.
// RUN: rm -rf %t.s %t.sr
// RUN: not irscope-opt %s --pass-pipeline="builtin.module(cse,irs-test-flaky{op=func.func rate=0.3 mode=crash},canonicalize)" --repeat=40 --seed=7 --failure-dir=%t.s 2> %t.s.log
// RUN: FileCheck %s --check-prefix=CSEED < %t.s/failure-1/reproducer-full.mlir
// RUN: sh -c 'n=0; for i in 1 2 3 4 5; do irscope-opt --run-reproducer %t.s/failure-1/reproducer-full.mlir --failure-dir=%t.sr -o /dev/null 2>/dev/null; test $? = 5 && n=$((n+1)); done; echo crashed=$n' | FileCheck %s --check-prefix=SFIVE
// SFIVE: crashed=5

func.func @f(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
