// --reproducer=FILE writes the reduced module, in generic form with
// locations, plus an mlir_reproducer resource holding the reduced pipeline.
// `irscope-opt --run-reproducer` replays it and fails the same way.
//
// Exit codes are checked exactly with `sh -c '...; echo exit=$?'`.

// RUN: rm -rf %t.repro %t.fail
// RUN: opt-reduce %s --pass-pipeline="builtin.module(func.func(cse),func.func(irs-test-abort{op=arith.muli}))" --strategies=pipeline,erase-symbols -o %t.out --reproducer=%t.repro 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOG
// LOG: opt-reduce: done: {{.*}}; signature: crash in irs-test-abort

// RUN: FileCheck %s --check-prefix=REPRO --implicit-check-not=@unrelated < %t.repro
// REPRO:      "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}>
// REPRO:      "arith.muli"
// REPRO-SAME:   loc(
// REPRO:      {-#
// REPRO-NEXT:   external_resources: {
// REPRO-NEXT:     mlir_reproducer: {
// REPRO-NEXT:       pipeline: "builtin.module(func.func(irs-test-abort{op=arith.muli}))",
// REPRO-NEXT:       disable_threading: true,
// REPRO-NEXT:       verify_each: true
// REPRO-NEXT:     }
// REPRO-NEXT:   }
// REPRO-NEXT: #-}

// RUN: sh -c 'irscope-opt --run-reproducer %t.repro --failure-dir=%t.fail -o %t.replay; echo exit=$?' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REPLAY -DDIR=%t.fail
// REPLAY: irscope-opt: error: step 1 'builtin.module(func.func(irs-test-abort{op=arith.muli}))' crashed with SIGABRT
// REPLAY: irscope-opt: note: report: [[DIR]]/report.xml
// REPLAY-NEXT: irscope-opt: note: replay: irscope-opt{{.*}} --run-reproducer {{.*}}/reproducer.mlir
// REPLAY-NEXT: exit=5

// The reproducer holds the same module as -o.
// RUN: irscope-opt %t.repro -o %t.repro.custom
// RUN: diff %t.repro.custom %t.out

func.func @unrelated(%x: i32) -> i32 {
  return %x : i32
}
func.func @f(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %1 = arith.muli %0, %x : i32
  return %1 : i32
}
