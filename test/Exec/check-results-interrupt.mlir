// SIGINT to irscope-opt while --check-results executes the steps' IR ends
// the check where it is: one line, exit 130, no verdict and no failure
// directory, --trace still written, nothing left in $TMPDIR and no
// execution left running. The interrupt comes from the reference
// execution itself, whatever the load: @main sends SIGINT to its parent
// (irscope-opt, which forks the executions) and waits to be stopped
// (for 60 s at most, then it prints 42 and the check goes on).

// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: sh -c 'TMPDIR=%t/tmp HOME=%t/tmp irscope-opt %s --pass-pipeline="builtin.module(canonicalize,irs-test-miscompile{func=add},cse)" --check-results --failure-dir=%t/f --trace=%t/t.json -o /dev/null; echo exit=$?' > %t/log 2>&1
// RUN: FileCheck %s < %t/log
// CHECK: irscope-opt: error: interrupted while checking the results, after 1 executions
// CHECK-NEXT: exit=130
// RUN: not ls %t/f
// RUN: ls -A %t/tmp | count 0
// RUN: FileCheck %s --check-prefix=TRACE < %t/t.json
// TRACE: "index": 2, "pipeline": "builtin.module(irs-test-miscompile{func=add})", "status": "ok"
// RUN: sh -c 'pgrep -f "%t/[t]mp"; true' | count 0

func.func private @getppid() -> i32
func.func private @kill(i32, i32) -> i32
func.func private @usleep(i32) -> i32

func.func @add(%a: i32, %b: i32) -> i32 {
  %c = arith.addi %a, %b : i32
  return %c : i32
}

func.func @main() {
  %ppid = call @getppid() : () -> i32
  %sigint = arith.constant 2 : i32
  %k = call @kill(%ppid, %sigint) : (i32, i32) -> i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c600 = arith.constant 600 : index
  %tenth = arith.constant 100000 : i32
  scf.for %i = %c0 to %c600 step %c1 {
    %s = func.call @usleep(%tenth) : (i32) -> i32
  }
  %c40 = arith.constant 40 : i32
  %c2 = arith.constant 2 : i32
  %r = call @add(%c40, %c2) : (i32, i32) -> i32
  vector.print %r : i32
  return
}
