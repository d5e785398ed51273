// A reproducer whose module keeps ops of unregistered dialects (the input
// was read with --allow-unregistered-dialect) begins with the command lines
// that replay it, with that flag, which irscope-opt and mlir-opt both need
// to parse it. For "test." ops only irscope-opt's line is given: Debian's
// mlir-opt registers a test dialect of its own and verifies those ops by
// its definitions (test.op_a requires an 'attr' that the reduction, which
// knew the op as unregistered, dropped), so the file says to reduce with
// --tool=mlir-opt for a replay there.
//
// RUN: rm -rf %t && mkdir %t
// RUN: opt-reduce %s --allow-unregistered-dialect --irs-test-fail=op=test.op_a -o %t/out.mlir --reproducer=%t/repro.mlir
// RUN: FileCheck %s --check-prefix=TEST < %t/repro.mlir
// TEST:      // The run has ops of unregistered dialects; replay with
// TEST-NEXT: //   irscope-opt --allow-unregistered-dialect --run-reproducer FILE
// TEST-NEXT: // (mlir-opt registers a 'test' dialect of its own and verifies 'test.' ops by it: reduce with --tool=mlir-opt for a replay there)
// TEST-NEXT: #loc
// RUN: not irscope-opt --allow-unregistered-dialect --run-reproducer %t/repro.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY: error: irs-test-fail: injected failure at 'test.op_a'
//
// Another dialect's unregistered op: mlir-opt's line too.
// RUN: sed 's/test\.op_a/x.op_a/' %s > %t/x.mlir
// RUN: opt-reduce %t/x.mlir --allow-unregistered-dialect --irs-test-fail=op=x.op_a -o %t/x-out.mlir --reproducer=%t/x-repro.mlir
// RUN: FileCheck %s --check-prefix=X < %t/x-repro.mlir
// X:      // The run has ops of unregistered dialects; replay with
// X-NEXT: //   mlir-opt --allow-unregistered-dialect --run-reproducer FILE
// X-NEXT: //   irscope-opt --allow-unregistered-dialect --run-reproducer FILE
// X-NEXT: #loc
// RUN: not irscope-opt --allow-unregistered-dialect --run-reproducer %t/x-repro.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=XREPLAY
// XREPLAY: error: irs-test-fail: injected failure at 'x.op_a'

func.func @f(%a: i32) -> i32 {
  %0 = "test.op_a"(%a) {attr = 1 : i32} : (i32) -> i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
