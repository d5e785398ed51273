// --check-determinism ends as the plain run ends after a step that leaves
// dangling pointers: linalg-detensorize of llvm/llvm-project#102577 leaves a
// cf.cond_br naming a freed block, and mlir-opt --verify-each=0 then crashes
// in canonicalize (every run here: the freed block is reused by then). The
// check stops at the broken IR and the run starts over in a fresh worker
// without the check, whose canonicalize crashes as mlir-opt's does (exit 5,
// documented as that run documents it). Continued in the checking worker, whose copies
// and prints had changed the heap, it crashed in none of 10 runs.
//
// Under AddressSanitizer the use after free ends the worker first.
// UNSUPPORTED: asan

// RUN: not --crash %mlir_opt %s --verify-each=0 --pass-pipeline="builtin.module(func.func(linalg-detensorize),func.func(canonicalize))" -o /dev/null
// RUN: rm -rf %t
// RUN: sh -c 'irscope-opt %s --verify-each=0 --check-determinism --pass-pipeline="builtin.module(func.func(linalg-detensorize),func.func(canonicalize))" --failure-dir=%t -o /dev/null; echo exit=$?' > %t.log 2>&1
// RUN: FileCheck %s -DDIR=%t < %t.log
// CHECK: irscope-opt: note: step 1 'builtin.module(func.func(linalg-detensorize))' left IR that does not verify (--verify-each=0): the run starts over without the determinism check, as the plain tool runs (broken IR cannot be copied safely)
// CHECK: irscope-opt: error: {{.*}}crashed with SIGSEGV
// CHECK: irscope-opt: note: crashed while running pass 'canonicalize'
// CHECK: irscope-opt: note: report: [[DIR]]/report.xml
// CHECK: exit=5
// RUN: FileCheck %s --check-prefix=REPORT < %t/report.xml
// REPORT: <failure kind="crash" {{.*}}signal-name="SIGSEGV"

module {
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
