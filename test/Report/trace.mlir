// --trace writes Chrome trace-event JSON: one complete event per step on
// the pipeline's thread, verifier and dump time as slices inside it, and
// metadata naming the process and thread. The JSON is parsed by Python's
// json module and checked by Inputs/check_trace.py (slices nest in their
// step, steps do not overlap).

// RUN: rm -rf %t %t.json
// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),symbol-dce)" --dump-after-each=%t --trace=%t.json -o /dev/null
// RUN: %python %S/Inputs/check_trace.py %t.json | FileCheck %s
// CHECK: meta process_name tid=0 irscope-opt {{.*}}trace.mlir
// CHECK-NEXT: meta thread_name tid=1 builtin.module(func.func(canonicalize,cse),symbol-dce)
// CHECK-NEXT: meta thread_sort_index tid=1
// CHECK-NEXT: step canonicalize tid=1 index=1 status=ok changed=true
// CHECK-NEXT: slice verify in canonicalize
// CHECK-NEXT: slice dump in canonicalize
// CHECK-NEXT: step cse tid=1 index=2 status=ok changed=false
// CHECK-NEXT: slice verify in cse
// CHECK-NEXT: slice dump in cse
// CHECK-NEXT: step symbol-dce tid=1 index=3 status=ok changed=true
// CHECK: valid trace: 12 events

// The raw text is the JSON object format both viewers load.
// RUN: FileCheck %s --check-prefix=RAW < %t.json
// RAW: {"displayTimeUnit": "ms", "traceEvents": [
// RAW: {"name": "canonicalize", "cat": "step", "ph": "X", "pid": 1, "tid": 1, "ts": 0.000, "dur": {{[0-9.]+}}, "args": {"index": 1, "pipeline": "builtin.module(func.func(canonicalize))", "status": "ok", "changed": true}}
// RAW: ]}

// Without a dump directory there are no dump slices, and the trace alone
// makes the run step by step (the whole-pipeline run has no steps to show).
// RUN: irscope-opt %s --pass-pipeline="builtin.module(func.func(canonicalize,cse),symbol-dce)" --trace=%t.json -o /dev/null
// RUN: %python %S/Inputs/check_trace.py %t.json | FileCheck %s --check-prefix=NODUMP --implicit-check-not="slice dump"
// NODUMP: step canonicalize tid=1 index=1 status=ok changed=true
// NODUMP-NEXT: slice verify in canonicalize
// NODUMP-NEXT: step cse tid=1 index=2
// NODUMP: step symbol-dce tid=1 index=3

// Crash protection off: the same file from the process itself.
// RUN: irscope-opt %s --crash-protection=0 --pass-pipeline="builtin.module(func.func(canonicalize,cse),symbol-dce)" --trace=%t.json -o /dev/null
// RUN: %python %S/Inputs/check_trace.py %t.json | FileCheck %s --check-prefix=NODUMP

func.func @f(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %b = arith.addi %a, %c0 : i32
  return %b : i32
}
func.func private @dead()
