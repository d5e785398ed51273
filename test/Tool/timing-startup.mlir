// --timing with --tool: each step is a whole run of the tool, mostly its
// start-up on small IR. The table says so, shows the start-up measured
// once (a run on an empty module, before the steps) and each step's wall
// time without it. In-process runs have no such line or column.
// RUN: irscope-opt --tool=%mlir_opt %s --pass-pipeline="builtin.module(func.func(cse),symbol-dce)" --timing -o /dev/null 2>&1 | FileCheck %s
// CHECK: Total wall time: {{[0-9.]+}} s, CPU time: {{[0-9.]+}} s, 2 steps
// CHECK: Each step is one run of '{{.*}}mlir-opt': its start-up (a run on an empty module, measured once: {{[0-9.]+}} ms wall, {{[0-9.]+}} ms CPU), reading the step's input, the pass, the verifier and printing the output. '-start-up' is the wall time without the start-up.
// CHECK: step    wall(ms)     cpu(ms)   -start-up   share  changed  pass
// CHECK-NEXT: {{ +}}1  {{ *[0-9.]+  +[0-9.]+  +[0-9.]+  +[0-9.]+%}}  yes      builtin.module(func.func(cse))
// CHECK-NEXT: {{ +}}2  {{ *[0-9.]+  +[0-9.]+  +[0-9.]+  +[0-9.]+%}}  yes      builtin.module(symbol-dce)

// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(cse),symbol-dce)" --timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=INPROC
// INPROC-NOT: start-up
// INPROC: step    wall(ms)     cpu(ms)   share  changed  pass

func.func @f(%a: i32) -> i32 {
  return %a : i32
}
func.func private @dead() {
  return
}
