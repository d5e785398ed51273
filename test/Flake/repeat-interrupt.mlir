// A long --repeat shows where it is and stops truthfully. Without a
// terminal a progress line comes every 5 s; SIGINT stops the run in
// progress (it does not count), the summary says how many of the requested
// runs finished, the rate and its interval are over those, repeat.xml
// records interrupted="true" with the same count, and the exit code is 130.
// The interrupt is sent once the first progress line is out, i.e. after
// 5 s of runs.

// RUN: rm -rf %t %t.log
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func rate=0.2})" --repeat=1000000 --seed=1 --failure-dir=%t 2> %t.log & pid=$!; \
// RUN:   i=0; until grep -q "runs done" %t.log 2>/dev/null || [ $i -ge 1200 ]; do sleep 0.05; i=$((i+1)); done; \
// RUN:   kill -INT $pid; wait $pid; echo exit=$? >> %t.log'
// RUN: FileCheck %s -DDIR=%t < %t.log
// CHECK: irscope-opt: repeat: run {{[0-9]+}} failed in a new way:
// CHECK-NEXT: irscope-opt: error: step 1 'builtin.module(irs-test-flaky{op=func.func rate=0.2})' failed: pass 'irs-test-flaky' signalled failure; report: [[DIR]]/failure-1/report.xml
// CHECK-NEXT: irscope-opt: note: run {{[0-9]+}} drew with --seed={{[0-9]+}}; its reproducer replays with it
// CHECK: irscope-opt: repeat: [[DONE:[0-9]+]] of 1000000 runs done, [[F:[0-9]+]] failed (1 signature), {{[0-9]+\.[0-9]}} s
// CHECK: irscope-opt: repeat: interrupted after [[N:[0-9]+]] of 1000000 runs
// CHECK-NEXT: irscope-opt: repeat: {{[0-9]+}} of [[N]] runs failed ({{[0-9.]+}}%, 95% Wilson interval {{[0-9.]+}}%-{{[0-9.]+}}%)
// CHECK: irscope-opt: repeat: summary: [[DIR]]/repeat.xml
// CHECK-NEXT: exit=130

// RUN: xmllint --noout --schema %schemas/repeat.xsd %t/repeat.xml
// RUN: FileCheck %s --check-prefix=XML < %t/repeat.xml
// XML: <runs requested="1000000" done="{{[1-9][0-9]*}}" stopped-early="false" interrupted="true"

// On a terminal the progress line is redrawn in place (carriage return and
// erase-line) and erased before the summary. `script` gives the run a
// pseudo-terminal.
// RUN: rm -rf %t.tty
// RUN: script -qec 'irscope-opt %s --pass-pipeline="builtin.module(irs-test-flaky{op=func.func rate=0})" --repeat=400 --failure-dir=%t.tty' /dev/null > %t.tty.log
// RUN: FileCheck %s --check-prefix=TTY < %t.tty.log
// (400 runs: enough for a first redraw, 0.1 s in, even on an idle machine.)
// TTY: {{.}}[Kirscope-opt: repeat: {{[0-9]+}} of 400 runs done, 0 failed (0 signatures), {{[0-9.]+}} s
// TTY: s{{.}}{{.}}[Kirscope-opt: repeat: 0 of 400 runs failed

func.func @f(%a: i32) -> i32 {
  %b = arith.addi %a, %a : i32
  return %b : i32
}
