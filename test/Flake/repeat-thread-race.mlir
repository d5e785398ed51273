// irs-test-thread-race{mode=crash} dies only when the context runs
// multithreaded. Under --repeat (plain runs: the crash has no step in the
// run itself) the children start their thread pools
// after the fork, so every threaded run crashes, and none does with
// --mlir-disable-threading.

// RUN: rm -rf %t %t.st
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-thread-race{op=arith.addi mode=crash}))" --repeat=5 --failure-dir=%t; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s < %t.log
// CHECK: irscope-opt: repeat: 5 of 5 runs failed
// CHECK: signature 1: crash SIGSEGV {{(at .+ )?}}in step 0 (?), 5 runs
// CHECK: exit=5
// RUN: sh -c 'irscope-opt %s --pass-pipeline="builtin.module(func.func(irs-test-thread-race{op=arith.addi mode=crash}))" --repeat=5 --mlir-disable-threading --failure-dir=%t.st; echo exit=$?' 2>&1 | FileCheck %s --check-prefix=ST
// ST: irscope-opt: repeat: 0 of 5 runs failed
// ST: exit=0

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
