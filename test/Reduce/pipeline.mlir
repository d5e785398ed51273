// The pipeline strategy: the pipeline shrinks to its failing step alone and
// the module becomes the IR that went into that step (the steps before it
// already applied). Here step 3 of 4 fails: canonicalize has folded the
// addition of zero away and symbol-dce has removed @dead, so the reduced
// module holds neither, although no op was erased by the reducer
// (--strategies=pipeline). The reproducer carries the one-step pipeline.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -f %t.out %t.repro
// RUN: sh -c 'opt-reduce %s --pass-pipeline="builtin.module(func.func(canonicalize),symbol-dce,func.func(irs-test-fail{op=arith.muli}),func.func(cse))" --strategies=pipeline -o %t.out --reproducer=%t.repro; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// LOG: opt-reduce: pipeline: {{[0-9]+}} ops
// LOG-NOT: opt-reduce: error:
// The summary names the reduced pipeline: -o fails only with that one.
// LOG: opt-reduce: pipeline: builtin.module(func.func(irs-test-fail{op=arith.muli})) (reduced from builtin.module(func.func(canonicalize),symbol-dce,func.func(irs-test-fail{op=arith.muli}),func.func(cse)); the output fails with the reduced one, as --reproducer records)
// LOG-NEXT: opt-reduce: done: {{.*}}; signature: pass-failure in irs-test-fail
// LOG-NEXT: exit=0

// RUN: FileCheck %s --check-prefix=OUT --implicit-check-not=arith.constant --implicit-check-not=arith.addi --implicit-check-not=@dead < %t.out
// OUT:      func.func @f(%arg0: i32) -> i32 {
// OUT-NEXT:   %0 = arith.muli %arg0, %arg0 : i32
// OUT-NEXT:   return %0 : i32
// OUT-NEXT: }

// The reproducer: the pre-step IR and the failing step alone.
// RUN: FileCheck %s --check-prefix=REPRO < %t.repro
// REPRO-NOT: "arith.constant"
// REPRO:     "arith.muli"
// REPRO:     mlir_reproducer: {
// REPRO-NEXT:  pipeline: "builtin.module(func.func(irs-test-fail{op=arith.muli}))",

// Replayed, it fails the same way, and the error points into this file:
// the locations of the pre-step IR are those of the input, not of some
// temporary file the reducer made.
// RUN: sh -c 'irscope-opt --run-reproducer %t.repro --failure-dir=%t.fail -o %t.replay; echo exit=$?' > %t.replay.log 2>&1
// RUN: FileCheck %s --check-prefix=REPLAY < %t.replay.log
// REPLAY: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-fail{op=arith.muli}))' failed: pass 'irs-test-fail' signalled failure
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=1
// RUN: FileCheck %s --check-prefix=REPLAYLOC < %t.replay.log
// REPLAYLOC: {{^}}{{.*}}pipeline.mlir:[[#@LINE+6]]:8: error: irs-test-fail: injected failure at 'arith.muli'

func.func @f(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %x, %c0 : i32
  // REPLAYLOC is 6 lines above the arith.muli.
  %1 = arith.muli %0, %0 : i32
  return %1 : i32
}
func.func private @dead()
