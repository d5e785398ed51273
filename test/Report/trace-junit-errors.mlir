// --trace and --junit files that cannot be written: exit code 4 (I/O), one
// line naming the file, and nothing partial left behind. The run's own
// output is still written.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse)" --trace=%t/no/such/dir/t.json -o %t/out.mlir; echo exit=$?' 2>&1 | FileCheck %s -DDIR=%t --check-prefix=TRACE
// TRACE: irscope-opt: error: cannot write trace file '[[DIR]]/no/such/dir/t.json': No such file or directory
// TRACE-NEXT: exit=4
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(cse)" --junit=%t/no/such/dir/j.xml -o /dev/null; echo exit=$?' 2>&1 | FileCheck %s -DDIR=%t --check-prefix=JUNIT
// JUNIT: irscope-opt: error: cannot write JUnit file '[[DIR]]/no/such/dir/j.xml': No such file or directory
// JUNIT-NEXT: exit=4
// --repeat runs the pipeline many times: not one run to trace (exit 2).
// RUN: sh -c 'irscope-opt %s --repeat=2 --pass-pipeline="builtin.module(cse)" --junit=%t/j.xml; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=REPEAT
// REPEAT: irscope-opt: error: '--junit' cannot be combined with '--repeat'
// REPEAT-NEXT: exit=2
// RUN: ls %t | FileCheck %s --check-prefix=FILES --match-full-lines
// FILES: out.mlir
// FILES-EMPTY:

func.func @f() {
  return
}
