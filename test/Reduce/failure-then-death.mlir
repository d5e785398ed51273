// A failure the plain tool reports and then dies of at its exit is reduced
// with that death: linalg-detensorize (llvm/llvm-project#102577) breaks the
// IR of @func1, and with a second function in the module, run with MLIR's
// threads as mlir-opt runs it, corrupts the heap: mlir-opt prints the
// verifier error, then dies (SIGABRT or SIGSEGV) freeing the run. Run
// single-threaded, the way candidates otherwise are, it only exits 1, and a
// reduction to that verifier failure drops the second function: its result
// would no longer crash mlir-opt. opt-reduce runs the input as the plain tool
// does, sees the death, keeps it in the signature and tests every candidate
// so; its result, run by upstream mlir-opt with the original flags, fails
// with the same error and crashes, and so does its reproducer's replay.
// (ASan's allocator, without glibc's thread caches, gives out elsewhere.)
//
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir %t
// RUN: opt-reduce %s --pass-pipeline='builtin.module(func.func(linalg-detensorize))' -o %t/out.mlir --reproducer=%t/repro.mlir -v 2>&1 \
// RUN:   | FileCheck %s
// CHECK: opt-reduce: note: run as the plain tool runs it (MLIR's threads, the run freed at its end), the input fails so and then dies of {{SIGABRT|SIGSEGV}} freeing the run: every test runs so, and keeps that death
// CHECK: opt-reduce: done: wrote '{{.*}}out.mlir' ({{[0-9]+}} tests); signature: verify-failure in linalg-detensorize, then died of {{SIGABRT|SIGSEGV}} freeing the run
// RUN: FileCheck %s --check-prefix=OUT < %t/out.mlir
// OUT-COUNT-2: func.func
// OUT-NOT: func.func
// RUN: not --crash %mlir_opt --pass-pipeline='builtin.module(func.func(linalg-detensorize))' %t/out.mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN
// PLAIN: error: reference to block defined in another region
// RUN: FileCheck %s --check-prefix=REPRO < %t/repro.mlir
// REPRO: disable_threading: false
// RUN: not --crash %mlir_opt --run-reproducer %t/repro.mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN
//
// With --mlir-disable-threading the plain tool does not die: the failure
// alone is reduced, to the one function, as mlir-opt so run reports it.
// RUN: opt-reduce %s --mlir-disable-threading --pass-pipeline='builtin.module(func.func(linalg-detensorize))' -o %t/nt.mlir --reproducer=%t/nt-repro.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NT
// NT: signature: verify-failure in linalg-detensorize{{$}}
// RUN: FileCheck %s --check-prefix=NTOUT < %t/nt.mlir
// NTOUT-COUNT-1: func.func
// NTOUT-NOT: func.func
// RUN: not %mlir_opt --mlir-disable-threading --pass-pipeline='builtin.module(func.func(linalg-detensorize))' %t/nt.mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PLAIN

module {
  func.func @straight(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32
    return %0 : i32
  }
  func.func private @func1() {
    %true_20 = arith.constant true
    cf.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb2
    cf.cond_br %true_20, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    cf.br ^bb1
  ^bb3:  // pred: ^bb1
    return
  }
}
